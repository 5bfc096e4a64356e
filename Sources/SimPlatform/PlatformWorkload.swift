package import SimKernel

/// A randomized workload over the whole platform: main-queue blocks with costs, run-loop
/// sources and timers in modes, mode changes, frames with layout and commit costs, dispatch
/// queues doing CPU work and blocking I/O, operation queues with priorities, dependencies and
/// cancels, caches, request queues and memory warnings.
///
/// Everything it does derives from the seed, so two processes running the same seed must
/// print the same digest; the determinism tests and `cellsim _workload` use it.
package enum PlatformWorkload {
  /// What a run produced.
  package struct Outcome: Equatable, Sendable {
    /// The trace digest, 16 hex digits.
    package var digest: String
    /// Trace lines written.
    package var lines: Int
    /// Events the loop ran.
    package var events: Int
  }

  /// Runs the workload for `seed` over `duration` of virtual time. With `checkInvariants`,
  /// the world's invariants are checked after every event.
  package static func run(
    seed: UInt64, duration: SimDuration = .ms(400), checkInvariants: Bool = false,
    trace retention: Trace.Retention = .digestOnly
  ) -> (World, Outcome) {
    let world = World(
      seed: seed, device: seed % 2 == 0 ? .iPhoneSE : .iPhone15Pro, trace: retention)
    var random = world.random.stream("platform-workload")
    let cache = MemoryCache<Int>(
      world: world, name: "images", countLimit: Int(random.int(in: 2...8)),
      policy: random.bool(probability: 0.5) ? .lru : .insertionOrder)
    let requests = RequestQueue<Int>(
      world: world, order: random.bool(probability: 0.5) ? .filo : .fifo,
      capacity: Int(random.int(in: 2...6)))
    let opQueue = world.operationQueue(name: "ops")
    opQueue.maxConcurrentOperationCount = random.bool(probability: 0.5) ? 4 : -1
    let serial = world.serialQueue(label: "serial")
    var operations: [SimulatedOperation] = []

    world.main.addFrameObserver(.layout) { context in
      var r = world.random.stream("layout", Int(context.number))
      context.execution.spend(.us(r.int(in: 0...12_000)))
    }
    world.main.addFrameObserver(.commit) { context in
      var r = world.random.stream("commit", Int(context.number))
      if r.bool(probability: 0.1) { context.execution.spend(.us(r.int(in: 0...20_000))) }
    }

    let actions = 150
    for index in 0..<actions {
      let at = SimTime(nanoseconds: random.int(in: 0...duration.nanoseconds))
      let kind = random.next(below: 12)
      let cost = SimDuration.us(random.int(in: 0...5_000))
      let key = "u\(random.int(in: 0 ... 9))"
      world.loop.schedule(at: at) {
        world.trace.record(at: world.now, "wl.action") {
          $0.field("i", index)
          $0.field("kind", Int(kind))
        }
        switch kind {
        case 0:
          world.main.async { $0.spend(cost) }
        case 1:
          world.main.perform(inModes: index % 2 == 0 ? .default : .common) { $0.spend(cost) }
        case 2:
          world.main.setMode(world.main.mode == .default ? .tracking : .default)
          world.main.setScrolling(world.main.mode == .tracking)
        case 3:
          world.globalQueue().async(cost: cost)
        case 4:
          world.globalQueue().async { $0.block(for: cost * 10) }
        case 5:
          serial.async(cost: cost) { _ in cache.setValue(index, forKey: key, cost: 1) }
        case 6:
          let op = SimulatedBlockOperation { execution in
            execution.block(for: cost * 4) { execution.spend(cost) }
          }
          op.queuePriority = index % 3 == 0 ? .high : .normal
          // Depending only on earlier operations keeps the graph acyclic.
          if let last = operations.last, index % 4 == 0 { op.addDependency(last) }
          op.completionBlock = { world.main.async { _ in _ = cache.value(forKey: key) } }
          opQueue.addOperation(op)
          operations.append(op)
        case 7:
          if !operations.isEmpty {
            operations[index % operations.count].cancel()
          }
        case 8:
          requests.push(key: key, index)
          if index % 3 == 0 { _ = requests.pop() }
        case 9:
          world.main.scheduleTimer(
            after: cost, inModes: index % 2 == 0 ? .default : .common
          ) { _ in _ = cache.value(forKey: key) }
        case 10:
          if index % 5 == 0 { world.deliverMemoryWarning() } else { opQueue.isSuspended.toggle() }
        default:
          world.main.async { execution in
            _ = cache.value(forKey: key)
            execution.spend(cost) { world.globalQueue().async(cost: cost) }
          }
        }
      }
    }

    let end = SimTime.zero + duration + .ms(200)
    if checkInvariants {
      while let next = world.loop.nextEventTime, next <= end {
        world.loop.step()
        world._checkInvariants()
        cache._checkInvariants()
        opQueue._checkInvariants()
      }
    } else {
      do {
        try world.run(until: end)
      } catch {
        preconditionFailure("platform workload ran away: \(error)")
      }
    }
    opQueue.isSuspended = false
    let outcome = Outcome(
      digest: world.trace.digestHex, lines: world.trace.lineCount, events: world.loop.eventsRun)
    return (world, outcome)
  }
}
