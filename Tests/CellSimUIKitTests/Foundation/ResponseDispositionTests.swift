// Written as iOS code: data delegates that answer the response late, cancel it, or never answer.
import CellSimUIKit
import SimNetwork
import Testing

/// A data delegate that answers the response as `answer` says: at once, after a delay on the
/// main queue, or never.
final class DispositionDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  enum Answer {
    case now(URLSession.ResponseDisposition)
    case after(milliseconds: Int, URLSession.ResponseDisposition)
    case never
  }

  let log: Log
  let answer: Answer
  init(log: Log, answer: Answer) {
    self.log = log
    self.answer = answer
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    log.add("response")
    switch answer {
    case .now(let disposition):
      completionHandler(disposition)
    case .after(let milliseconds, let disposition):
      DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(milliseconds)) {
        self.log.add("answer \(dataTask.state.rawValue)")
        completionHandler(disposition)
      }
    case .never:
      break
    }
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    log.add("data \(data.count)")
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
  ) {
    #expect(task.state == .completed)
    log.add("complete \((error as NSError?)?.code ?? 0)")
  }
}

@Suite("A data delegate's response disposition holds the transfer until it is given")
struct ResponseDispositionTests {
  static let url = URL(string: "https://img.test/big.png")!
  static let body = [UInt8](repeating: 7, count: 100_000)

  /// Runs one delegate task of `url` whose delegate answers as `answer` says; returns the task.
  @discardableResult
  func run(
    _ log: Log, _ answer: DispositionDelegate.Answer, for milliseconds: Int64 = 1_000,
    then act: @escaping @Sendable (URLSessionDataTask) -> Void = { _ in }
  ) throws -> URLSessionDataTask? {
    let made = Box<URLSessionDataTask?>(nil)
    try simulate(for: milliseconds, serving: [Self.url.absoluteString: Self.body]) {
      let delegate = DispositionDelegate(log: log, answer: answer)
      let session = URLSession(configuration: .default, delegate: delegate, delegateQueue: nil)
      let task = session.dataTask(with: Self.url)
      made.value = task
      task.resume()
      act(task)
    }
    return made.value
  }

  @Test(".cancel drops the body that already arrived and completes with -999")
  func cancelDropsTheBody() throws {
    let log = Log()
    let task = try run(log, .now(.cancel))
    let lines = log.lines.map { $0.components(separatedBy: " @")[0] }
    #expect(lines == ["response", "complete \(NSURLErrorCancelled)"])
    #expect(task?.state == .completed)
    #expect((task?.error as? URLError)?.code == .cancelled)
    #expect(task?.countOfBytesReceived == 0)
  }

  @Test("an .allow given later delivers the body and the end only then")
  func lateAllow() throws {
    let log = Log()
    let task = try run(log, .after(milliseconds: 200, .allow))
    // The body arrived at 50 ms; the task runs (state 0) until the answer, then hears every
    // chunk in order and the end.
    #expect(Array(log.lines.prefix(2)) == ["response @50", "answer 0 @250"])
    #expect(log.lines.last == "complete 0 @250")
    let data = log.lines.dropFirst(2).dropLast()
    #expect(data.allSatisfy { $0.hasPrefix("data ") && $0.hasSuffix(" @250") })
    let bytes = data.compactMap { Int($0.components(separatedBy: " ")[1]) }.reduce(0, +)
    #expect(bytes == 100_000)
    #expect(task?.state == .completed)
    #expect(task?.countOfBytesReceived == 100_000)
  }

  @Test("a .cancel given later cancels a task whose body had arrived")
  func lateCancel() throws {
    let log = Log()
    try run(log, .after(milliseconds: 200, .cancel))
    #expect(log.lines == ["response @50", "answer 0 @250", "complete \(NSURLErrorCancelled) @250"])
  }

  @Test("no answer leaves the task running until it is cancelled")
  func noAnswer() throws {
    let log = Log()
    let states = Box<[Int]>([])
    let task = try run(log, .never, for: 2_000) { task in
      DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(900)) {
        states.value.append(task.state.rawValue)
      }
    }
    #expect(log.lines == ["response @50"])
    #expect(states.value == [URLSessionTask.State.running.rawValue])
    #expect(task?.state == .running)
    #expect(task?.countOfBytesReceived == 0)

    let cancelled = Log()
    try run(cancelled, .never) { task in
      DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(500)) {
        task.cancel()
        cancelled.add("cancelled \(task.state == .canceling)")
      }
    }
    #expect(
      cancelled.lines == [
        "response @50", "cancelled true @500", "complete \(NSURLErrorCancelled) @500",
      ])
  }

  @Test("chunks that arrive after the answer are delivered as they arrive")
  func chunksAfterTheAnswer() throws {
    let log = Log()
    try simulate(
      serving: [Self.url.absoluteString: Self.body], script: NetworkScript(bandwidth: 1_000_000)
    ) {
      let delegate = DispositionDelegate(log: log, answer: .now(.allow))
      let session = URLSession(configuration: .default, delegate: delegate, delegateQueue: nil)
      session.dataTask(with: Self.url).resume()
    }
    #expect(log.lines.first == "response @50")
    #expect(log.lines.last == "complete 0 @150")
    #expect(log.lines.filter { $0.hasPrefix("data") }.count > 1)
  }

  @Test("an answer to a response from before suspend() does not release the restarted task")
  func answerAfterSuspend() throws {
    let log = Log()
    try run(log, .after(milliseconds: 200, .allow)) { task in
      DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(100)) { task.suspend() }
      DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(120)) { task.resume() }
    }
    // The first answer (at 250 ms) is for the dropped transfer; the restarted one waits for
    // its own (at 370 ms).
    let lines = log.lines.filter { !$0.hasPrefix("data ") }
    #expect(
      lines == [
        "response @50", "response @170", "answer 0 @250", "answer 0 @370", "complete 0 @370",
      ])
    #expect(log.lines.filter { $0.hasPrefix("data ") }.allSatisfy { $0.hasSuffix(" @370") })
  }
}
