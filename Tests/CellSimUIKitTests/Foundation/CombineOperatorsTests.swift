// Written as iOS code: the stand-in's three- and four-way combiners, contains, allSatisfy and
// print, checked for Combine's documented semantics, outside any world.
// Linux only: on macOS `import Combine` is Apple's.
#if os(Linux)
  import CellSimUIKit
  import Combine
  import Testing

  /// Collects what `print(_:to:)` writes (a class: the operator writes to its own copy).
  final class Lines: TextOutputStream {
    var text = ""
    func write(_ string: String) { text += string }
  }

  @Suite("Combine: combiners of three and four, contains, allSatisfy, print")
  struct CombineOperatorsTests {
    @Test("combineLatest of three sends once all have a value, then at each change")
    func combineLatestThree() {
      let a = PassthroughSubject<Int, Never>()
      let b = PassthroughSubject<String, Never>()
      let c = PassthroughSubject<Bool, Never>()
      let recorder = Recorder<(Int, String, Bool), Never>()
      a.combineLatest(b, c).subscribe(recorder)
      a.send(1)
      b.send("x")
      #expect(recorder.events.isEmpty)
      c.send(true)
      a.send(2)
      c.send(false)
      #expect(recorder.events == ["(1, \"x\", true)", "(2, \"x\", true)", "(2, \"x\", false)"])
      a.send(completion: .finished)
      b.send(completion: .finished)
      c.send(completion: .finished)
      #expect(recorder.events.last == "finished")
      var sums: [Int] = []
      let d = PassthroughSubject<Int, Never>()
      let keep = d.combineLatest(Just(10), Just(100), Just(1_000)) { $0 + $1 + $2 + $3 }
        .sink { sums.append($0) }
      d.send(1)
      d.send(2)
      #expect(sums == [1_111, 1_112])
      keep.cancel()
    }

    @Test("zip of three and four pairs values in order and ends with the shortest")
    func zips() {
      let a = PassthroughSubject<Int, Never>()
      let b = PassthroughSubject<Int, Never>()
      let recorder = Recorder<(Int, Int, Int), Never>()
      a.zip(b, [7, 8].publisher).subscribe(recorder)
      a.send(1)
      a.send(2)
      b.send(10)
      #expect(recorder.events == ["(1, 10, 7)"])
      b.send(20)
      #expect(recorder.events == ["(1, 10, 7)", "(2, 20, 8)", "finished"])
      var joined: [String] = []
      let keep = [1, 2, 3].publisher.zip(["a", "b"].publisher, [true].publisher, [0.5].publisher) {
        "\($0)\($1)\($2)\($3)"
      }.sink { joined.append($0) }
      #expect(joined == ["1atrue0.5"])
      keep.cancel()
    }

    @Test("merge of three and four sends values as they come and finishes when all have")
    func merges() {
      let a = PassthroughSubject<Int, Never>()
      let b = PassthroughSubject<Int, Never>()
      let c = PassthroughSubject<Int, Never>()
      let recorder = Recorder<Int, Never>()
      a.merge(with: b, c).subscribe(recorder)
      b.send(2)
      a.send(1)
      c.send(3)
      a.send(completion: .finished)
      b.send(completion: .finished)
      #expect(recorder.events == ["2", "1", "3"])
      c.send(completion: .finished)
      #expect(recorder.events == ["2", "1", "3", "finished"])
      let four = Recorder<Int, Never>()
      Just(1).merge(with: Just(2), Just(3), Just(4)).subscribe(four)
      #expect(four.events == ["1", "2", "3", "4", "finished"])
    }

    @Test("contains and allSatisfy answer at the first deciding value, or at the end")
    func questions() {
      let subject = PassthroughSubject<Int, Never>()
      let found = Recorder<Bool, Never>()
      subject.contains(3).subscribe(found)
      let all = Recorder<Bool, Never>()
      subject.allSatisfy { $0 < 3 }.subscribe(all)
      let missing = Recorder<Bool, Never>()
      subject.contains { $0 > 10 }.subscribe(missing)
      subject.send(1)
      #expect(found.events.isEmpty && all.events.isEmpty)
      subject.send(3)
      #expect(found.events == ["true", "finished"])
      #expect(all.events == ["false", "finished"])
      subject.send(completion: .finished)
      #expect(missing.events == ["false", "finished"])
      let empty = Recorder<Bool, Never>()
      Empty<Int, Never>().allSatisfy { _ in false }.subscribe(empty)
      #expect(empty.events == ["true", "finished"])
    }

    @Test("print writes each event after its prefix and passes everything on")
    func printing() {
      let lines = Lines()
      let recorder = Recorder<Int, Never>(initial: .max(1))
      [5, 6].publisher.print("photos", to: lines).subscribe(recorder)
      recorder.subscription?.cancel()
      #expect(recorder.events == ["5"])
      let written = lines.text.split(separator: "\n").map(String.init)
      #expect(written.first?.hasPrefix("photos: receive subscription: (") == true)
      #expect(
        Array(written.dropFirst())
          == ["photos: request max: (1)", "photos: receive value: (5)", "photos: receive cancel"])
    }
  }
#endif
