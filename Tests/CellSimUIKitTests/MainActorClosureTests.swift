// Swift 6 code that sets a main-actor property inside `DispatchQueue.main.async { }`: it
// compiles only because the compiler's main-queue special case applies to the layer's
// `DispatchQueue.main.async` as it does to Dispatch's. This file imports only the layer.
import CellSimUIKit
import Testing

/// A view model as an iOS app writes it: main-actor isolated.
@MainActor final class ImageViewModel {
  var image: Data?
  var updates = 0
}

/// Loads `url` on a global queue and publishes the bytes on the main queue, in Swift 6.
func load(_ url: URL, into model: ImageViewModel) {
  DispatchQueue.global().async {
    let data = try? Data(contentsOf: url)
    DispatchQueue.main.async {
      model.image = data
      model.updates += 1
    }
    DispatchQueue.main.asyncAfter(deadline: .now() + 0.1) {
      model.updates += 1
    }
  }
}

@Suite("A main-actor closure passed to DispatchQueue.main compiles in Swift 6 and runs on main")
struct MainActorClosureTests {
  @Test("the closure sets the main-actor model on the simulated main thread")
  @MainActor func mainActorClosure() throws {
    let model = ImageViewModel()
    let thread = Box("")
    try simulate(serving: ["https://img.test/b.png": [9, 9]]) {
      load(URL(string: "https://img.test/b.png")!, into: model)
      DispatchQueue.main.asyncAfter(deadline: .now() + 0.2) {
        thread.value = "\(Thread.isMainThread)"
      }
    }
    #expect(model.image == Data([9, 9]))
    #expect(model.updates == 2)
    #expect(thread.value == "true")
  }
}

@Suite("Main-queue blocks are main-actor isolated at run time too")
struct MainActorIsolationTests {
  @Test("MainActor.assumeIsolated passes in a main-queue block, as on a device")
  func assumeIsolatedOnMainQueue() throws {
    let log = Log()
    try simulate {
      DispatchQueue.main.async {
        MainActor.assumeIsolated { log.add("isolated \(Thread.isMainThread)") }
      }
    }
    #expect(log.lines == ["isolated true @0"])
  }

  @Test("main-actor code off the main thread runs and is recorded, as Main Thread Checker logs")
  func assumeIsolatedOffMain() throws {
    let log = Log()
    let outcome = try simulate {
      DispatchQueue.global().async { MainActor.assumeIsolated { log.add("ran") } }
    }
    #expect(log.lines == ["ran @0"])
    #expect(outcome.trace.contains("uikit.off_main thread=w1 action=\"main-actor code\""))
  }
}
