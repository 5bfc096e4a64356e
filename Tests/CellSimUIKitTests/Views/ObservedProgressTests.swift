// A download screen that binds its bar to the task's progress, as written for a device.
import CellSimUIKit
import Testing

@Suite("UIProgressView.observedProgress follows the progress object at each frame")
struct ObservedProgressTests {
  @Test("a bar bound to a task's progress fills as the body arrives; one the app advances follows")
  func followsProgress() throws {
    let log = Log()
    let body = [UInt8](repeating: 7, count: 400_000)
    try simulate(for: 3_000, serving: ["https://img.test/big.png": body]) {
      DispatchQueue.main.async {
        let bar = UIProgressView(progressViewStyle: .default)
        let task = URLSession.shared.dataTask(with: URL(string: "https://img.test/big.png")!) {
          _, _, _ in
          DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(20)) {
            log.add("done \(bar.progress)")
          }
        }
        bar.observedProgress = task.progress
        task.resume()
        for step in 1...20 {
          DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(step * 25)) {
            log.add("bar \(bar.progress)")
          }
        }
        let own = Progress(totalUnitCount: 4)
        let second = UIProgressView()
        second.observedProgress = own
        own.completedUnitCount = 1
        DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(40)) {
          log.add("own \(second.progress)")
          second.observedProgress = nil
          own.completedUnitCount = 4
          DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(40)) {
            log.add("unbound \(second.progress)")
          }
        }
      }
    }
    let values = log.lines.filter { $0.hasPrefix("bar ") }.map {
      Float($0.split(separator: " ")[1])!
    }
    #expect(values == values.sorted(), "\(values)")
    #expect(values.contains { $0 > 0 && $0 < 1 }, "\(values)")
    #expect(log.lines.contains { $0.hasPrefix("done 1.0") }, "\(log.lines)")
    #expect(log.lines.contains { $0.hasPrefix("own 0.25") }, "\(log.lines)")
    #expect(log.lines.contains { $0.hasPrefix("unbound 0.25") }, "\(log.lines)")
  }
}
