// Written as iOS code: Combine pipelines on the layer's schedulers and Foundation publishers,
// in a world's virtual time; and the image loader of a table screen, hosted in scenarios.
// Linux only: on macOS `import Combine` is Apple's, and the layer's queues, run loop and
// URLSession have no Combine conformances there.
#if os(Linux)
  import CellSimUIKit
  import CellSimUIKitHost
  import Combine
  import Scenarios
  import TestSupport
  import Testing

  /// A decodable photo record.
  struct PhotoRecord: Decodable, Equatable {
    var id: Int
  }

  @Suite("Combine on the layer's schedulers, in virtual time")
  struct CombineWorldTests {
    @Test("dataTaskPublisher fetches on demand; receive(on: main) delivers on the main thread")
    func dataTaskPublisher() throws {
      let log = Log()
      let keep = Box(Set<AnyCancellable>())
      try simulate(serving: ["https://img.test/a.png": [1, 2, 3]]) {
        let url = URL(string: "https://img.test/a.png")!
        URLSession.shared.dataTaskPublisher(for: url)
          .map { ($0.data.count, ($0.response as? HTTPURLResponse)?.statusCode ?? 0) }
          .subscribe(on: DispatchQueue.global(qos: .background))
          .receive(on: DispatchQueue.main)
          .sink(
            receiveCompletion: { log.add("\($0) main=\(Thread.isMainThread)") },
            receiveValue: { log.add("\($0) \($1) main=\(Thread.isMainThread)") }
          )
          .store(in: &keep.value)
        // A publisher nobody subscribes to makes no task; a missing file fails with the status.
        _ = URLSession.shared.dataTaskPublisher(for: URLRequest(url: url))
        URLSession.shared.dataTaskPublisher(for: URL(string: "https://img.test/none.png")!)
          .tryMap { output -> Int in
            guard (output.response as? HTTPURLResponse)?.statusCode == 200 else {
              throw URLError(.fileDoesNotExist)
            }
            return output.data.count
          }
          .receive(on: RunLoop.main)
          .sink(
            receiveCompletion: { completion in
              if case .failure = completion { log.add("missing failed") }
            },
            receiveValue: { log.add("missing \($0)") }
          )
          .store(in: &keep.value)
      }
      #expect(
        log.lines == [
          "missing failed @50", "3 200 main=true @50", "finished main=true @50",
        ])
    }

    @Test("cancelling a data task publisher cancels the task; nothing is delivered")
    func dataTaskCancel() throws {
      let log = Log()
      let keep = Box<AnyCancellable?>(nil)
      // Captured by the chain's closures: the cancelled chain must let it go.
      let watched = Box<Watched?>(Watched())
      weak var released = watched.value
      let outcome = try simulate(serving: ["https://img.test/a.png": [1, 2, 3]]) {
        let captured = watched.value!
        watched.value = nil
        keep.value = URLSession.shared.dataTaskPublisher(
          for: URL(string: "https://img.test/a.png")!
        )
        .handleEvents(
          receiveOutput: { _ in captured.hits += 1 }, receiveCancel: { log.add("cancel") }
        )
        .subscribe(on: DispatchQueue.global())
        .receive(on: DispatchQueue.main)
        .sink(receiveCompletion: { log.add("\($0)") }, receiveValue: { log.add("\($0.data)") })
        DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(20)) {
          keep.value?.cancel()
        }
      }
      #expect(log.lines == ["cancel @20"])
      #expect(outcome.trace.contains("net.cancel"))
      #expect(released == nil)
    }

    @Test("debounce, delay and throttle run in virtual time on the main queue")
    func timing() throws {
      let log = Log()
      let subject = Box(PassthroughSubject<Int, Never>())
      let keep = Box(Set<AnyCancellable>())
      try simulate(for: 2_000) {
        subject.value.debounce(for: .milliseconds(300), scheduler: DispatchQueue.main)
          .sink { log.add("debounce \($0)") }.store(in: &keep.value)
        subject.value.delay(for: .seconds(1), scheduler: DispatchQueue.main)
          .sink { log.add("delay \($0)") }.store(in: &keep.value)
        subject.value.throttle(for: .milliseconds(250), scheduler: DispatchQueue.main, latest: true)
          .sink { log.add("throttle \($0)") }.store(in: &keep.value)
        for (value, at) in [(1, 0), (2, 100), (3, 200), (4, 600)] {
          DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(at)) {
            subject.value.send(value)
          }
        }
      }
      #expect(
        log.lines == [
          "throttle 1 @0", "throttle 3 @250", "debounce 3 @500", "throttle 4 @600",
          "debounce 4 @900", "delay 1 @1000", "delay 2 @1100", "delay 3 @1200", "delay 4 @1600",
        ])
    }

    @Test("Timer.publish with autoconnect, and NotificationCenter's publisher")
    func timerAndNotifications() throws {
      let log = Log()
      let keep = Box(Set<AnyCancellable>())
      let name = Notification.Name("PhotosChanged")
      try simulate(for: 1_000) {
        Timer.publish(every: 0.1, on: .main, in: .common).autoconnect().prefix(3)
          .sink { _ in log.add("tick") }.store(in: &keep.value)
        NotificationCenter.default.publisher(for: name)
          .sink { log.add("\($0.name.rawValue)") }.store(in: &keep.value)
        DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(150)) {
          NotificationCenter.default.post(name: name, object: nil)
        }
      }
      #expect(log.lines == ["tick @100", "PhotosChanged @150", "tick @200", "tick @300"])
    }

    @Test("decode(type:decoder:) with JSONDecoder; a decoding error fails the stream")
    func decode() {
      var log: [String] = []
      var keep = Set<AnyCancellable>()
      for text in [#"{"id": 3}"#, #"{"id": "x"}"#] {
        Just(Data(text.utf8)).decode(type: PhotoRecord.self, decoder: JSONDecoder())
          .map(\.id)
          .sink(
            receiveCompletion: { if case .failure = $0 { log.append("failed") } },
            receiveValue: { log.append("id \($0)") }
          )
          .store(in: &keep)
      }
      #expect(log == ["id 3", "failed"])
    }

    @Test("a subscribe(on:) chain cancelled after its world ended lets go quietly")
    func cancelAfterTheRun() throws {
      let keep = Box<AnyCancellable?>(nil)
      let subject = Box(PassthroughSubject<Int, Never>())
      let log = Log()
      try simulate(for: 100) {
        keep.value = subject.value.subscribe(on: DispatchQueue.global())
          .receive(on: DispatchQueue.main).sink { log.add("\($0)") }
        DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(50)) {
          subject.value.send(7)
        }
      }
      #expect(log.lines == ["7 @50"])
      // Outside any world now: the cancel it sends to its queue has nowhere to run.
      keep.value?.cancel()
      keep.value = nil
    }

    @Test("other scheduling outside any world stops, naming the scheduler's method")
    func schedulingOutsideAWorld() async throws {
      let exit = try await #require(
        processExitsWith: .failure, observing: [\.standardErrorContent]
      ) {
        DispatchQueue.main.schedule { print("ran") }
      }
      let text = String(decoding: exit.standardErrorContent, as: UTF8.self)
      #expect(
        text.contains("DispatchQueue.schedule(options:_:) was called outside any CellSim world"),
        "\(text)")
    }

    @Test("timeout ends a silent stream after its interval, restarting at each value")
    func timeout() throws {
      let log = Log()
      let keep = Box(Set<AnyCancellable>())
      let subject = Box(PassthroughSubject<Int, URLError>())
      let other = Box(PassthroughSubject<Int, URLError>())
      try simulate(for: 1_000) {
        subject.value.timeout(.milliseconds(100), scheduler: DispatchQueue.main)
          .sink(receiveCompletion: { log.add("quiet \($0)") }, receiveValue: { log.add("v \($0)") })
          .store(in: &keep.value)
        other.value.timeout(
          .milliseconds(100), scheduler: DispatchQueue.main,
          customError: { URLError(.timedOut) }
        )
        .sink(
          receiveCompletion: {
            if case .failure(let error) = $0 { log.add("failed \(error.code.rawValue)") }
          }, receiveValue: { _ in }
        )
        .store(in: &keep.value)
        DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(60)) {
          subject.value.send(1)
        }
        DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(150)) {
          subject.value.send(2)
        }
      }
      #expect(log.lines == ["v 1 @60", "failed -1001 @100", "v 2 @150", "quiet finished @250"])
    }
  }
#endif
