import SimAsync
package import SimNetwork
package import SimPlatform
import SimThreads

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a host (a test, the scenario runner) does to run code written against the layer in a
/// world: install the world on the thread that drives it, and attach the parts the layer needs.
package enum LayerHost {
  /// Runs `body` with `world` installed as the calling thread's world: layer calls made on this
  /// thread outside blocking bodies (a test's set-up, event actions during `world.run`) answer
  /// from `world`. Nests; the previous world is put back when `body` returns.
  package static func withWorld<Result>(_ world: World, _ body: () throws -> Result) rethrows
    -> Result
  {
    MainActorIsolation.install()
    let previous = DriverWorld.current
    DriverWorld.current = world
    defer { DriverWorld.current = previous }
    return try body()
  }

  /// Attaches `network` to `world`: `Data(contentsOf:)` on an http(s) URL fetches from it.
  package static func attach(network: FakeNetwork, to world: World) {
    world.attachments[ObjectIdentifier(FakeNetwork.self)] = network
  }

  /// The network attached to `world`, if any.
  package static func network(of world: World) -> FakeNetwork? {
    world.attachments[ObjectIdentifier(FakeNetwork.self)] as? FakeNetwork
  }
}

/// Where layer calls find their world and their simulated thread (see the module's overview).
package enum SimulationContext {
  /// The calling code's world: the calling fiber's, else the one installed on this thread,
  /// else the async simulation's whose thread this is.
  package static var world: World? {
    if let fiber = BlockingThreads.currentFiber { return fiber.execution.world }
    if let world = DriverWorld.current { return world }
    // A task of an async simulation (SimAsync), on its simulation thread.
    return AsyncSimulation.running?.world
  }

  /// The calling code's world; stops with a message naming `api` when there is none.
  package static func world(for api: StaticString) -> World {
    guard let world else {
      preconditionFailure(
        "CellSimUIKit: \(api) was called outside any CellSim world (not on a simulated thread, "
          + "and no world installed on this thread with LayerHost.withWorld); it has no real "
          + "counterpart to fall back on")
    }
    return world
  }

  /// The simulated thread the calling code runs on, if any (nil in an event of the world's
  /// that runs on no thread: a network or scroll event).
  package static func currentThread(in world: World) -> SimThread? {
    BlockingThreads.currentThread ?? world.currentThread
  }

  /// Stops with a message naming `api` unless the caller may block (runs in a blocking body).
  static func requireBlocking(_ api: StaticString) {
    guard Blocking.canBlock else {
      preconditionFailure(
        "CellSimUIKit: \(api) blocks, and it was called outside a simulated thread's blocking "
          + "code (the thread that drives the world cannot park)")
    }
  }
}

/// The world installed on the calling OS thread by `LayerHost.withWorld`, held unretained (the
/// host keeps it alive for the call).
enum DriverWorld {
  /// The thread-local slot.
  static let key: pthread_key_t = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key, nil)
    precondition(status == 0, "CellSimUIKit: pthread_key_create failed (\(status))")
    return key
  }()

  /// The world installed on the calling thread, if any.
  static var current: World? {
    get {
      guard let raw = pthread_getspecific(key) else { return nil }
      return Unmanaged<World>.fromOpaque(raw).takeUnretainedValue()
    }
    set {
      pthread_setspecific(key, newValue.map { Unmanaged.passUnretained($0).toOpaque() })
    }
  }
}
