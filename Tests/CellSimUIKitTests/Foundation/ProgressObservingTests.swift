// A download manager that watches its task's progress with key-value observing, as written for
// a device.
import CellSimUIKit
import Testing

@Suite("Progress.observe hears a progress object's changes at each frame, on the main thread")
struct ProgressObservingTests {
  @Test("a task's fractionCompleted is heard rising to 1; an invalidated observation is not")
  func observesTaskProgress() throws {
    let log = Log()
    let body = [UInt8](repeating: 7, count: 400_000)
    let keep = Box<[NSKeyValueObservation]>([])
    try simulate(for: 3_000, serving: ["https://img.test/big.png": body]) {
      DispatchQueue.main.async {
        let task = URLSession.shared.dataTask(with: URL(string: "https://img.test/big.png")!) {
          _, _, _ in
        }
        keep.value.append(
          task.progress.observe(\.fractionCompleted, options: [.new, .old]) { progress, change in
            log.add(
              "task \(change.newValue!) was \(change.oldValue!) main=\(Thread.isMainThread)")
          })
        task.resume()
        // The app keeps its task (an observation ends with the object it observes).
        DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(500)) {
          log.add("kept \(task.progress.fractionCompleted)")
        }
        let own = Progress(totalUnitCount: 4)
        let watch = own.observe(\.completedUnitCount, options: [.initial, .new]) { _, change in
          log.add("own \(change.newValue!) old=\(String(describing: change.oldValue))")
        }
        own.completedUnitCount = 1
        DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(40)) {
          watch.invalidate()
          own.completedUnitCount = 3
        }
      }
    }
    let task = log.lines.filter { $0.hasPrefix("task ") }
    let fractions = task.map { Double($0.split(separator: " ")[1])! }
    #expect(fractions.count >= 2, "\(log.lines)")
    #expect(fractions == fractions.sorted(), "\(fractions)")
    #expect(fractions.last == 1, "\(fractions)")
    #expect(task.allSatisfy { $0.contains("main=true") }, "\(task)")
    let own = log.lines.filter { $0.hasPrefix("own ") }.map { $0.split(separator: " @")[0] }
    #expect(own == ["own 0 old=nil", "own 1 old=nil"], "\(log.lines)")
  }
}
