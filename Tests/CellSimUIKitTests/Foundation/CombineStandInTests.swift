// Written as iOS code: publishers, subjects and operators of the Combine stand-in, checked for
// Combine's documented semantics (demand, cancellation, order), outside any world.
// Linux only: on macOS `import Combine` is Apple's, and the layer's queues, run loop and
// URLSession have no Combine conformances there.
#if os(Linux)
  import CellSimUIKit
  import Combine
  import Testing

  /// A subscriber that asks for `initial` values, then `perValue` more after each, and records
  /// what it receives.
  final class Recorder<Input, Failure: Error>: Subscriber {
    var events: [String] = []
    var subscription: (any Subscription)?
    let initial: Subscribers.Demand
    let perValue: Subscribers.Demand

    init(initial: Subscribers.Demand = .unlimited, perValue: Subscribers.Demand = .none) {
      self.initial = initial
      self.perValue = perValue
    }

    func receive(subscription: any Subscription) {
      self.subscription = subscription
      if initial > 0 { subscription.request(initial) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
      events.append("\(input)")
      return perValue
    }

    func receive(completion: Subscribers.Completion<Failure>) {
      switch completion {
      case .finished: events.append("finished")
      case .failure(let error): events.append("failure \(error)")
      }
    }
  }

  /// An error for the operator tests.
  struct Boom: Error, Equatable, CustomStringConvertible {
    var code = 1
    var description: String { "boom\(code)" }
  }

  /// An object whose deallocation the tests watch.
  final class Watched {
    var hits = 0
  }

  @Suite("The Combine stand-in follows Combine's semantics")
  struct CombineStandInTests {
    @Test("a subscriber that asks for one value gets one; more only when it asks")
    func demandIsHonoured() {
      let recorder = Recorder<Int, Never>(initial: .max(1))
      [1, 2, 3].publisher.map { $0 * 10 }.filter { $0 != 20 }.subscribe(recorder)
      #expect(recorder.events == ["10"])
      // The filtered value is replaced by the next; the sequence finishes once it has no more,
      // without waiting for demand.
      recorder.subscription?.request(.max(1))
      #expect(recorder.events == ["10", "30", "finished"])

      // A subject drops a value sent while its subscriber has no demand; CurrentValueSubject
      // keeps the latest for the next request.
      let subject = PassthroughSubject<Int, Never>()
      let current = CurrentValueSubject<Int, Never>(0)
      let once = Recorder<Int, Never>(initial: .max(1))
      let latest = Recorder<Int, Never>(initial: .none)
      subject.subscribe(once)
      current.subscribe(latest)
      for value in 1...3 {
        subject.send(value)
        current.send(value)
      }
      #expect(once.events == ["1"])
      latest.subscription?.request(.max(1))
      #expect(latest.events == ["3"])
      #expect(current.value == 3)

      // flatMap sends no more than asked: a second inner value waits for the next request.
      let inners = [PassthroughSubject<String, Never>(), PassthroughSubject<String, Never>()]
      let flat = Recorder<String, Never>(initial: .max(1))
      [0, 1].publisher.flatMap { inners[$0] }.subscribe(flat)
      inners[0].send("a")
      inners[1].send("b")
      #expect(flat.events == ["a"])
      flat.subscription?.request(.max(1))
      #expect(flat.events == ["a", "b"])

      // Demand arithmetic saturates.
      #expect(Subscribers.Demand.max(2) + .unlimited == .unlimited)
      #expect(Subscribers.Demand.max(1) - .max(3) == .none)
      #expect(Subscribers.Demand.unlimited - 5 == .unlimited)
      #expect(Subscribers.Demand.max(3) > 2 && Subscribers.Demand.unlimited > 1_000_000)
    }

    @Test("cancelling stops delivery and releases what the chain holds")
    func cancellationReleases() {
      let subject = PassthroughSubject<Int, Never>()
      weak var released: Watched?
      var cancellable: AnyCancellable?
      do {
        let watched = Watched()
        released = watched
        cancellable = subject.map { $0 + 1 }.sink { watched.hits += $0 }
      }
      subject.send(1)
      #expect(released?.hits == 2)
      cancellable?.cancel()
      subject.send(5)
      #expect(released == nil)

      // Dropping the AnyCancellable cancels too; a set of them keeps them.
      var log: [Int] = []
      var set = Set<AnyCancellable>()
      subject.sink { log.append($0) }.store(in: &set)
      var dropped: AnyCancellable? = subject.sink { log.append(-$0) }
      subject.send(1)
      dropped = nil
      subject.send(2)
      #expect(log == [1, -1, 2])
      #expect(dropped == nil && set.count == 1)
    }

    @Test("subjects and share deliver to subscribers in subscription order")
    func subscriptionOrder() {
      let subject = PassthroughSubject<String, Never>()
      var log: [String] = []
      var keep: [AnyCancellable] = []
      for name in ["a", "b", "c", "d", "e", "f", "g", "h"] {
        subject.sink { log.append("\(name)\($0)") }.store(in: &keep)
      }
      subject.send("1")
      #expect(log == ["a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1"])

      var subscriptions = 0
      let shared = subject.handleEvents(receiveSubscription: { _ in subscriptions += 1 }).share()
      log = []
      for name in ["x", "y", "z"] {
        shared.sink { log.append("\(name)\($0)") }.store(in: &keep)
      }
      subject.send("2")
      #expect(subscriptions == 1)
      #expect(log.suffix(3) == ["x2", "y2", "z2"])
    }

    @Test("operators: order, errors, replacement and flattening")
    func operators() {
      var log: [String] = []
      var keep: [AnyCancellable] = []
      [1, 1, 2, 3, 3, 4, 5].publisher
        .removeDuplicates().compactMap { $0 % 2 == 0 ? nil : $0 }.prefix(2).collect()
        .sink { log.append("collect \($0)") }.store(in: &keep)
      [Int?.none, 7].publisher.replaceNil(with: 0).first()
        .sink { log.append("first \($0)") }.store(in: &keep)
      Fail<Int, Boom>(error: Boom()).replaceError(with: 9)
        .sink { log.append("replaced \($0)") }.store(in: &keep)
      [4].publisher.setFailureType(to: Boom.self).assertNoFailure("never fails: ")
        .sink { log.append("asserted \($0)") }.store(in: &keep)
      [1, 2].publisher.setFailureType(to: Boom.self)
        .tryMap { value -> Int in
          if value == 2 { throw Boom(code: 2) }
          return value
        }
        .catch { error in Just(-((error as? Boom)?.code ?? 0)) }
        .sink { log.append("caught \($0)") }.store(in: &keep)
      [1, 2, 3, 4].publisher.dropFirst().drop(while: { $0 < 3 }).scan(0, +)
        .sink { log.append("scan \($0)") }.store(in: &keep)
      [1, 2, 3].publisher.reduce(10, +).zip([5, 6].publisher.last()).zip([7].publisher.count())
        .sink { log.append("reduce \($0.0) last \($0.1) count \($1)") }.store(in: &keep)
      Empty<Int, Never>().replaceEmpty(with: 4)
        .sink { log.append("empty \($0)") }.store(in: &keep)
      var attempts = 0
      Deferred { () -> AnyPublisher<Int, Boom> in
        attempts += 1
        return attempts < 3
          ? Fail(error: Boom(code: attempts)).eraseToAnyPublisher()
          : Just(attempts).setFailureType(to: Boom.self).eraseToAnyPublisher()
      }
      .retry(2)
      .mapError { _ in Boom(code: 99) }
      .sink(
        receiveCompletion: { log.append("retry \($0)") },
        receiveValue: { log.append("retry \($0)") }
      )
      .store(in: &keep)
      #expect(
        log == [
          "collect [1, 3]", "first 0", "replaced 9", "asserted 4", "caught 1", "caught -2",
          "scan 3", "scan 7",
          "reduce 16 last 6 count 1", "empty 4", "retry 3", "retry finished",
        ])

      // flatMap(maxPublishers: .max(1)) runs one inner publisher at a time.
      let inners = [PassthroughSubject<String, Never>(), PassthroughSubject<String, Never>()]
      var started: [Int] = []
      let recorder = Recorder<String, Never>()
      [0, 1].publisher.flatMap(maxPublishers: .max(1)) { index in
        inners[index].handleEvents(receiveSubscription: { _ in started.append(index) })
      }.subscribe(recorder)
      #expect(started == [0])
      inners[0].send("a")
      inners[0].send(completion: .finished)
      #expect(started == [0, 1])
      inners[1].send("b")
      inners[1].send(completion: .finished)
      #expect(recorder.events == ["a", "b", "finished"])

      // switchToLatest drops the earlier inner publisher; merge, combineLatest and zip.
      let outer = PassthroughSubject<PassthroughSubject<Int, Never>, Never>()
      let (first, second) = (PassthroughSubject<Int, Never>(), PassthroughSubject<Int, Never>())
      let left = PassthroughSubject<Int, Never>()
      let right = PassthroughSubject<String, Never>()
      log = []
      outer.switchToLatest().sink { log.append("latest \($0)") }.store(in: &keep)
      left.merge(with: first).sink { log.append("merge \($0)") }.store(in: &keep)
      left.combineLatest(right).sink { log.append("combine \($0)\($1)") }.store(in: &keep)
      left.zip(right).sink { log.append("zip \($0)\($1)") }.store(in: &keep)
      outer.send(first)
      first.send(1)
      outer.send(second)
      first.send(2)
      second.send(3)
      left.send(10)
      right.send("a")
      right.send("b")
      left.send(11)
      #expect(
        log == [
          "merge 1", "latest 1", "merge 2", "latest 3", "merge 10", "combine 10a", "zip 10a",
          "combine 10b", "merge 11", "combine 11b", "zip 11b",
        ])
    }

    @Test("Future runs once and every subscriber gets its result; Just and Fail end at once")
    func futures() {
      var runs = 0
      var promise: ((Result<Int, Boom>) -> Void)?
      let future = Future<Int, Boom> { fulfil in
        runs += 1
        promise = fulfil
      }
      var log: [String] = []
      var keep: [AnyCancellable] = []
      future.sink(
        receiveCompletion: { log.append("a \($0)") }, receiveValue: { log.append("a \($0)") }
      )
      .store(in: &keep)
      promise?(.success(5))
      future.sink(
        receiveCompletion: { log.append("b \($0)") }, receiveValue: { log.append("b \($0)") }
      )
      .store(in: &keep)
      #expect(runs == 1)
      #expect(log == ["a 5", "a finished", "b 5", "b finished"])
    }

    @Test("a set of cancellables cancels in insertion order, in every set and every process")
    func setOrder() {
      // Apple's order follows addresses; the stand-in's must not, since a set dropped in a
      // prepareForReuse cancels its loads in that order and each cancel is in the trace.
      for round in 0..<50 {
        var cancelled: [Int] = []
        let count = 3 + round % 20
        do {
          var set = Set<AnyCancellable>()
          // Sets of several sizes, so that some grow (and rehash) while they are filled.
          for index in 0..<count { set.insert(AnyCancellable { cancelled.append(index) }) }
          // The first in iteration order is the first inserted: removing it cancels it.
          if round % 2 == 1, let first = set.first { set.remove(first) }
          set.removeAll()
        }
        #expect(cancelled == Array(0..<count), "round \(round)")
      }
    }
  }
#endif
