package import SimKernel
package import SimPlatform

/// The simulated network of one `World`: connection slots per host, scripted latency,
/// bandwidth, failures, holds and outages, and a record of every transfer.
///
/// The lifecycle of a transfer:
/// 1. It is created (`net.queue`) and waits for one of its host's connection slots. Waiting
///    transfers start by priority, highest first, then first in first out. A transfer created
///    while the network is offline is refused instead, `refusalDelay` later.
/// 2. With a slot (`net.start`), its time to first byte passes: the latency drawn from the
///    stream keyed by `("latency", url, attempt)`, unless a rule holds it or makes it time out.
/// 3. At the first byte (`net.first_byte`) the status arrives: 200, a rule's status, or 404 if
///    the URL serves no bytes. A body then arrives in chunks (`net.chunk`); chunk k arrives at
///    `firstByte + ceil(bytesThroughChunk(k) × 10⁹ / bandwidth)` ns.
/// 4. It ends exactly once (`net.end`): success with the last chunk, or a failure, or a cancel
///    (`net.cancel`). Its slot goes to the next waiting transfer before its client hears the
///    end.
///
/// A transfer fails with `timedOut` under either of URLSession's two timers
/// (`URLSessionConfiguration.timeoutIntervalForRequest` and `timeoutIntervalForResource`):
/// - the request timeout (`device.requestTimeout`, or the rule's `after:` for
///   `fail: timeout`) is an idle timer: it starts when the transfer gets its slot and each
///   byte that arrives (the first byte, every chunk) restarts it. Apple: "The timer
///   associated with this value is reset whenever new data arrives."
/// - the resource timeout (`device.resourceTimeout`, default 7 days as in URLSession) bounds
///   the whole transfer from its creation, waiting included, even while bytes keep arriving.
///   Apple: "The resource timer starts when the request is initiated and counts until either
///   the request completes or this timeout interval is reached, whichever comes first."
///
/// Events reach subscribers and clients synchronously at the instant they happen. Like every
/// platform type, the network is single-threaded: drive it from the world's events.
package final class FakeNetwork {
  /// How long a transfer created while offline takes to be refused: 1 ms, a model choice for
  /// a local reachability failure that needs no round trip.
  package static let refusalDelay = SimDuration.ms(1)

  /// The world it runs in. Held strongly: the network reads the world's clock and loop at
  /// every chunk, and each read through an unowned reference is a checked retain and a
  /// release. The world holds the network only through pending events and report subscribers,
  /// which `World.tearDown` drops.
  package let world: World
  /// The validated script.
  package let script: NetworkScript
  /// Connection slots per host: the script's limit, or the device's.
  package let maxConnectionsPerHost: Int
  /// The bytes each URL serves; nil means none (404).
  let resolver: (String) -> [UInt8]?
  /// The rules' patterns, by rule index.
  let globs: [Glob]
  /// Every transfer's record, in creation order (`records[id - 1]`).
  @exclusivity(unchecked) package internal(set) var records: [TransferRecord] = []
  /// Transfers not yet ended, in creation order.
  @exclusivity(unchecked) var outstandingList: [Transfer] = []
  /// The clients' own request queues (`addClientQueue`).
  @exclusivity(unchecked) var clientQueues: [(String) -> Bool] = []
  /// Slots per host; looked up only, never iterated unsorted.
  @exclusivity(unchecked) var hosts: [String: HostSlots] = [:]
  /// Transfers created per URL.
  @exclusivity(unchecked) var attemptCounts: [String: Int] = [:]
  /// A transfer-event subscriber, in a struct: a closure stored directly as an array's element
  /// is kept at the array's generic abstraction, and every call goes through a thunk.
  struct Subscriber {
    var receive: (TransferEvent) -> Void
  }

  /// Transfer-event subscribers, in subscription order.
  @exclusivity(unchecked) var subscribers: [Subscriber] = []
  /// The target of first-byte and chunk events (allocated once, not per event).
  lazy var wire = WireEvents(self)

  /// Forgets every subscriber (when a run is over, to break reference cycles).
  package func removeAllSubscribers() { subscribers.removeAll() }

  /// Ends the network when its run is over: forgets subscribers and drops outstanding
  /// transfers and their clients without telling them (no callback runs). A client such as a
  /// blocking fetch or a connection holds its loader, which holds the network, so without
  /// this a run whose transfers were still in flight would never be freed.
  package func tearDown() {
    subscribers.removeAll()
    for transfer in outstandingList {
      transfer.client?.networkDidTearDown()
      transfer.client = nil
      transfer.body = []
      transfer.deliveredBody = []
    }
    outstandingList.removeAll()
    clientQueues.removeAll()
    wire.forgetAll()
    hosts.removeAll()
  }
  /// Patterns released so far: hold rules no longer hold matching URLs.
  @exclusivity(unchecked) var releases: [Glob] = []
  /// Outages started by `offline(for:)`, in order.
  @exclusivity(unchecked) var dynamicOutages: [Outage] = []

  /// A network following `script`, serving for each URL the bytes `resolver` returns (nil
  /// means the URL serves nothing, and its transfers get 404). The script's outages are
  /// scheduled at once. Throws if the script is invalid.
  package init(
    world: World, script: NetworkScript = NetworkScript(),
    resolver: @escaping (String) -> [UInt8]?
  ) throws(NetworkScriptError) {
    try script.validate()
    self.world = world
    self.script = script
    self.resolver = resolver
    self.globs = script.rules.map { Glob($0.match) }
    self.maxConnectionsPerHost =
      script.maxConnectionsPerHost
      ?? (script.http2 ? NetworkScript.defaultHTTP2Streams : world.device.maxConnectionsPerHost)
    scheduleScriptOutages()
  }

  // MARK: Observation

  /// Adds a subscriber; it hears every later transfer event synchronously, in order (the
  /// oracle and metrics subscribe here). It must not start or cancel transfers.
  package func subscribe(_ subscriber: @escaping (TransferEvent) -> Void) {
    subscribers.append(Subscriber(receive: subscriber))
  }

  /// Transfers not yet ended: waiting for a slot, active, or being refused.
  package var outstandingTransfers: Int { outstandingList.count }

  /// Outstanding transfers of `url`.
  package func outstanding(for url: String) -> Int {
    outstandingList.reduce(0) { $0 + ($1.url == url ? 1 : 0) }
  }

  /// Whether a client holds a request of `url` in a queue of its own, before the request
  /// reaches the network (a `URLSession` task waiting for its session's host limit): the
  /// request is outstanding, though no transfer of it exists yet.
  package func isWaitingInClient(_ url: String) -> Bool {
    clientQueues.contains { $0(url) }
  }

  /// Registers a client's queue of requests (see `isWaitingInClient`): `holds` says whether it
  /// holds a request of a URL. Forgotten when the network tears down.
  package func addClientQueue(_ holds: @escaping (String) -> Bool) {
    clientQueues.append(holds)
  }

  /// The ids of outstanding transfers, in creation order.
  package var outstandingIDs: [Int] { outstandingList.map(\.id) }

  /// The record of transfer `id`, if it exists.
  package func record(id: Int) -> TransferRecord? {
    records.indices.contains(id - 1) ? records[id - 1] : nil
  }

  /// Transfers of `url` created so far (the attempt number of the latest one).
  package func attempts(for url: String) -> Int { attemptCounts[url] ?? 0 }

  /// Whether the URL would be served now: no outage is active, it serves bytes, no transfer
  /// of it is held, and its next attempt would neither fail by rule nor be held (the
  /// `eventually_loaded` invariant's definition).
  package func isServable(_ url: String) -> Bool {
    if isOffline || resolver(url) == nil { return false }
    if outstandingList.contains(where: { $0.url == url && $0.phase == .held }) { return false }
    // The rule alone decides (`makePlan` would also draw a latency, which costs a keyed
    // stream per call; the oracle asks this for every blank row of every frame at rest).
    let rule = ruleIndex(url: url, attempt: attempts(for: url) + 1).map { script.rules[$0] }
    return rule?.fail == nil && !((rule?.hold ?? false) && !isReleased(url))
  }

  /// The bytes `url` serves (nil: none, so its transfers get 404), read without a transfer:
  /// what a stand-in that describes a resource before loading it reads (a photo library's
  /// pixel sizes). Costs no simulated time and is not traced.
  package func servedBytes(for url: String) -> [UInt8]? { resolver(url) }

  // MARK: Creating and cancelling

  /// Creates a transfer of `url` and queues it for a connection slot (or refuses it while
  /// offline). `client` hears its wire events; the network holds it until the end.
  package func submit(url: String, priority: Float, client: TransferClient?) -> Transfer {
    let attempt = attempts(for: url) + 1
    attemptCounts[url] = attempt
    let plan = makePlan(url: url, attempt: attempt)
    let id = records.count + 1
    let transfer = Transfer(
      id: id, url: url, host: WireModel.host(of: url), priority: priority, plan: plan,
      client: client)
    records.append(
      TransferRecord(
        id: id, url: url, host: transfer.host, attempt: attempt, rule: plan.rule,
        latency: plan.latency, priority: priority, queuedAt: world.now))
    outstandingList.append(transfer)
    world.trace.record(at: world.now, "net.queue") {
      $0.field("id", id)
      $0.field("url", url)
      $0.field("attempt", attempt)
      $0.field("priority", Double(priority))
      $0.field("rule", plan.rule ?? -1)
    }
    emit(.queued, transfer)
    armTimeout(transfer)
    if isOffline {
      transfer.phase = .refusing
      transfer.pending = world.loop.schedule(after: Self.refusalDelay) { [self] in
        end(transfer, .offline)
      }
    } else {
      slots(for: transfer.host).waiting.append(transfer)
      pump(transfer.host)
    }
    return transfer
  }

  /// Cancels `transfer`: its remaining wire events are dropped and it ends `cancelled` at
  /// once. Does nothing if it already ended.
  package func cancel(_ transfer: Transfer) {
    guard !transfer.hasEnded else { return }
    world.trace.record(at: world.now, "net.cancel") {
      $0.field("id", transfer.id)
      $0.field("phase", transfer.phase.rawValue)
    }
    end(transfer, .cancelled)
  }

  /// Changes the slot priority of a transfer; while it waits for a slot, the next start uses
  /// it (`FakeNetwork+Priority.swift`).
  package func setPriority(_ priority: Float, of transfer: Transfer) {
    transfer.priority = priority
  }

  /// Lets held transfers whose URL matches `pattern` proceed, and stops the hold rules from
  /// holding later attempts of such URLs. A released transfer's first byte arrives at the
  /// later of now and its start plus its latency. Held transfers are released in creation
  /// order.
  package func release(match pattern: String) {
    let glob = Glob(pattern)
    releases.append(glob)
    world.trace.record(at: world.now, "net.release") { $0.field("match", pattern) }
    for transfer in outstandingList where transfer.phase == .held && glob.matches(transfer.url) {
      transfer.phase = .connecting
      emit(.released, transfer)
      let started = records[transfer.id - 1].startedAt ?? world.now
      scheduleFirstByte(transfer, at: max(world.now, started + transfer.plan.latency))
    }
  }

  /// Tells subscribers that the final callback for transfer `id` began running now (traced
  /// as `net.callback`). The URL-loading APIs call it; custom APIs should too.
  package func callbackRan(transferID id: Int) {
    guard records.indices.contains(id - 1) else { return }
    world.trace.record(at: world.now, "net.callback") { $0.field("id", id) }
    guard !subscribers.isEmpty else { return }
    let event = TransferEvent(at: world.now, kind: .callbackRan, record: records[id - 1])
    for subscriber in subscribers { subscriber.receive(event) }
  }

  // MARK: Internals

  /// Whether a release has lifted holds for `url`.
  func isReleased(_ url: String) -> Bool { releases.contains { $0.matches(url) } }

  /// The slots of `host`, created on first use.
  func slots(for host: String) -> HostSlots {
    if let slots = hosts[host] { return slots }
    let slots = HostSlots()
    hosts[host] = slots
    return slots
  }

  /// The plan for attempt `attempt` of `url`: the first rule that matches it and whose
  /// `times` allows this attempt, over the script's defaults.
  /// The first script rule that applies to attempt `attempt` of `url`, if any.
  func ruleIndex(url: String, attempt: Int) -> Int? {
    script.rules.indices.first { index in
      globs[index].matches(url) && (script.rules[index].times.map { attempt <= $0 } ?? true)
    }
  }

  func makePlan(url: String, attempt: Int) -> TransferPlan {
    let index = ruleIndex(url: url, attempt: attempt)
    let rule = index.map { script.rules[$0] }
    var stream = world.random.stream("latency", url, attempt)
    let latency = WireModel.draw(rule?.latency ?? script.latency, from: &stream)
    return TransferPlan(
      rule: index, latency: latency, bandwidth: rule?.bandwidth?.bytes ?? script.bandwidth,
      fail: rule?.fail, timeoutAfter: rule?.after ?? world.device.requestTimeout,
      resourceTimeout: world.device.resourceTimeout,
      corruption: rule?.corrupt, hold: rule?.hold ?? false)
  }

  /// Starts waiting transfers of `host` while it has free slots and the network is up.
  func pump(_ host: String) {
    guard !isOffline, let slots = hosts[host] else { return }
    while slots.active < maxConnectionsPerHost, let next = slots.takeNext() {
      slots.active += 1
      reportStart(next, leaving: slots)
      start(next)
    }
  }

  /// Sends an event about `transfer` to every subscriber, in order.
  func emit(_ kind: TransferEvent.Kind, _ transfer: Transfer) {
    guard !subscribers.isEmpty else { return }
    let event = TransferEvent(at: world.now, kind: kind, record: records[transfer.id - 1])
    for subscriber in subscribers { subscriber.receive(event) }
  }
}
