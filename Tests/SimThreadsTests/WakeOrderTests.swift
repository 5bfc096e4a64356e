import SimKernel
import SimPlatform
import Testing

@testable import SimThreads

/// The order in which `waiters` threads, all parked on one lock (or one condition), go on once
/// it is released, in a world of `seed`.
func wakeOrder(seed: UInt64, waiters: Int = 5, condition: Bool = false, broadcast: Bool = false)
  throws -> [Int]
{
  let world = World(seed: seed, trace: .none)
  _ = BlockingThreads.of(world)
  var order: [Int] = []
  let lock = SimLock(name: "cache")
  let ready = SimCondition(name: "ready")
  var released = false
  for index in 0..<waiters {
    world.globalQueue().async(
      label: "w\(index)",
      blocking: {
        // Arrive in index order, one millisecond apart, so first-in-first-out would be 0, 1, ….
        Blocking.sleep(for: .ms(Int64(index + 1)))
        if condition {
          ready.lock()
          while !released { ready.wait() }
          order.append(index)
          ready.unlock()
          if !broadcast {
            ready.lock()
            ready.signal()
            ready.unlock()
          }
        } else {
          lock.lock()
          order.append(index)
          lock.unlock()
        }
      })
  }
  world.globalQueue().async(
    label: "releaser",
    blocking: {
      if condition {
        Blocking.sleep(for: .ms(50))
        ready.lock()
        released = true
        if broadcast { ready.broadcast() } else { ready.signal() }
        ready.unlock()
      } else {
        lock.lock()
        Blocking.sleep(for: .ms(50))
        lock.unlock()
      }
    })
  try world.run(for: .ms(200))
  world.tearDown()
  return order
}

@Suite("Where the platform leaves the order of waiters open, the seed decides")
struct WakeOrderTests {
  @Test("a lock's next owner is a seeded choice: reproduced by its seed, varied by others")
  func lockHandOff() throws {
    let orders = try (1...12).map { try wakeOrder(seed: $0) }
    for order in orders { #expect(order.sorted() == Array(0..<5)) }
    #expect(try wakeOrder(seed: 3) == orders[2])
    #expect(Set(orders).count > 1, "every seed gave one order: \(orders[0])")
    #expect(orders.contains { $0 != Array(0..<5) }, "every seed gave arrival order")
  }

  @Test("a condition's signal wakes a seeded choice of its waiters")
  func conditionSignal() throws {
    let orders = try (1...12).map { try wakeOrder(seed: $0, condition: true) }
    for order in orders { #expect(order.sorted() == Array(0..<5)) }
    #expect(try wakeOrder(seed: 5, condition: true) == orders[4])
    #expect(Set(orders).count > 1, "every seed gave one order: \(orders[0])")
  }

  @Test("a broadcast releases every waiter, in a seeded order")
  func conditionBroadcast() throws {
    let orders = try (1...12).map { try wakeOrder(seed: $0, condition: true, broadcast: true) }
    for order in orders { #expect(order.sorted() == Array(0..<5)) }
    #expect(Set(orders).count > 1, "every seed gave one order: \(orders[0])")
  }

  @Test("a semaphore's waiters wake first in, first out, whatever the seed (libdispatch)")
  func semaphoreIsFIFO() throws {
    for seed: UInt64 in 1...6 {
      let world = World(seed: seed, trace: .none)
      _ = BlockingThreads.of(world)
      let semaphore = SimSemaphore(value: 0, name: "s")
      var order: [Int] = []
      for index in 0..<4 {
        world.globalQueue().async(
          label: "w\(index)",
          blocking: {
            Blocking.sleep(for: .ms(Int64(index + 1)))
            semaphore.wait()
            order.append(index)
          })
      }
      world.globalQueue().async(
        label: "signaller",
        blocking: {
          Blocking.sleep(for: .ms(20))
          for _ in 0..<4 { semaphore.signal() }
        })
      try world.run(for: .ms(100))
      world.tearDown()
      #expect(order == [0, 1, 2, 3], "seed \(seed)")
    }
  }
}
