import SimKernel
import SimPlatform

extension AsyncSimulation {
  // MARK: Arrivals (on the simulation's thread)

  /// Queues a job enqueued on this thread.
  ///
  /// A job of the task running now, enqueued onto the lane it runs on, is a hop the real
  /// executors would not make: jobs run with the pool as their task executor (so that
  /// `Task.sleep` finds a schedulable executor), and the runtime switches whenever that differs
  /// from the task's own preference, even to the executor it is on. Such a hop runs right after
  /// the job returns, as part of it, so it neither lets other jobs in nor depends on how the
  /// code was compiled. (A task enqueues itself nowhere else: a continuation is resumed by
  /// another job, and `Task.yield()` and sleeps enqueue jobs of their own.)
  func accept(_ job: UnownedJob, lane: AsyncLane) {
    let runtimeID = RuntimeTasks.taskID(of: job)
    let task = runtimeID == 0 ? 0 : taskNumber(for: runtimeID)
    if let running, task != 0, running.task == task, running.lane == lane {
      pendingHop = job
      return
    }
    ready.append(ReadyJob(job: job, lane: lane, task: task, runtimeID: runtimeID))
    scheduleDispatch()
  }

  /// Queues `job` at virtual time `time` (a `SimulationClock` wake-up).
  func acceptScheduled(_ job: UnownedJob, lane: AsyncLane, at time: SimTime) {
    world.loop.schedule(at: max(time, now)) { [weak self] in
      guard let self, !ended else { return }
      accept(job, lane: lane)
    }
  }

  /// Flags a sleep on a real clock by the current task. Its wake-up job is held for good:
  /// it is simply never run.
  func flagRealClockSleep(clock: String) {
    let task = currentTaskNumber()
    diagnostics.append(
      .realClockSleep(task: task.map { records[$0 - 1].label }, clock: clock, at: now))
    if let task { records[task - 1].wait = .realClockSleep(clock: clock) }
    world.trace.record(at: now, "async.real_clock_sleep") {
      $0.field("task", task ?? 0)
      $0.field("clock", clock)
    }
  }

  // MARK: Tasks

  /// The simulation's number for a runtime task id, given on first sight.
  func taskNumber(for runtimeID: UInt64) -> Int {
    if let number = taskNumbers[runtimeID] { return number }
    let label = AsyncTaskLabel(id: records.count + 1)
    records.append(TaskRecord(label: label))
    taskNumbers[runtimeID] = label.id
    ExecutorGate.shared.register(runtimeID: runtimeID, label: label)
    return label.id
  }

  /// The simulation's number for the task running now, if there is one.
  func currentTaskNumber() -> Int? {
    RuntimeTasks.currentTaskID().map(taskNumber(for:))
  }

  /// Whether the job running now is a main-lane job.
  var isRunningMainJob: Bool { running?.lane == .main }

  /// Whether the code running now may count as the simulated main thread: a main-lane job,
  /// any other main-thread work of the world (a table callback, a main-queue block), or the
  /// simulation's own code between events, when no simulated thread is busy (setting a run up,
  /// as an app does at launch on the main thread). Not a pool job, and not a worker's work.
  var isOnSimulatedMainThread: Bool {
    if let running { return running.lane == .main }
    guard let thread = world.currentThread else { return true }
    return thread.isMain
  }

  /// Gives the task running now the name it was created with (`Task(name:)`), if it has one
  /// and the simulation knows it by number only, so diagnostics can name it.
  package func nameCurrentTask() {
    guard let task = currentTaskNumber(), records[task - 1].label.name == nil,
      let name = Task.name
    else { return }
    records[task - 1].label.name = name
    if let runtimeID = RuntimeTasks.currentTaskID() {
      ExecutorGate.shared.register(runtimeID: runtimeID, label: records[task - 1].label)
    }
  }

  // MARK: Dispatch

  func scheduleDispatch() {
    guard !dispatchScheduled else { return }
    dispatchScheduled = true
    world.loop.schedule(after: .zero) { [weak self] in self?.dispatch() }
  }

  /// Hands ready jobs to their lanes: all of them in FIFO mode; one, picked by the seeded
  /// stream, in seeded mode (then the rest in later events at this instant).
  func dispatch() {
    dispatchScheduled = false
    guard !ended, !ready.isEmpty else { return }
    guard scheduleStream != nil else {
      let batch = ready
      ready.removeAll(keepingCapacity: true)
      for item in batch { submit(item) }
      return
    }
    submit(ready.remove(at: seededPick()))
    if !ready.isEmpty { scheduleDispatch() }
  }

  /// An index into `ready` drawn from the schedule stream, among the jobs that may go next:
  /// every pool job and the oldest main job.
  func seededPick() -> Int {
    let firstMain = ready.firstIndex { $0.lane == .main }
    let eligible = ready.indices.filter { ready[$0].lane == .pool || $0 == firstMain }
    guard eligible.count > 1 else { return eligible[0] }
    return eligible[Int(scheduleStream!.next(below: UInt64(eligible.count)))]
  }

  func submit(_ item: ReadyJob) {
    let label = item.task == 0 ? "swift.job" : "swift.job.t\(item.task)"
    switch item.lane {
    case .main:
      world.main.async(label: label) { [weak self] execution in self?.run(item, on: execution) }
    case .pool:
      pool.async(label: label) { [weak self] execution in self?.run(item, on: execution) }
    }
  }

  // MARK: Running a job

  /// Runs `item` now on `execution`'s thread, then any hops it makes back onto the pool.
  func run(_ item: ReadyJob, on execution: Execution) {
    guard !ended else { return }
    jobsRun += 1
    world.trace.record(at: now, "async.job") {
      $0.field("task", item.task)
      $0.field("lane", item.lane.rawValue)
      $0.field("thread", execution.thread.name)
    }
    if item.task != 0 { records[item.task - 1].lastRan = now }
    // A job run at once inside another on the same fiber (a completion a cancel runs) puts
    // the outer one back when it returns.
    let outer = running
    running = item
    var job: UnownedJob? = item.job
    while let next = job {
      pendingHop = nil
      monitor.beginJob(runtimeID: item.runtimeID, at: now)
      let pool = SimulationPoolExecutor.shared.asUnownedTaskExecutor()
      switch item.lane {
      case .main:
        next.runSynchronously(
          isolatedTo: SimulationMainExecutor.shared.asUnownedSerialExecutor(), taskExecutor: pool)
      case .pool:
        next.runSynchronously(on: pool)
      }
      monitor.endJob()
      job = pendingHop
    }
    running = outer
  }

  // MARK: Ending

  /// Waits, in real time, until a foreign thread has resumed one of the simulation's tasks or
  /// `options.foreignSettle` has passed. Either way the run is unclean (a foreign resume, or a
  /// task suspended where the simulation cannot see); the wait only makes the report name the
  /// cause when the foreign work is merely slow.
  func settle() {
    let deadline = RealTime.monotonicNanoseconds() + RealTime.nanoseconds(options.foreignSettle)
    while ExecutorGate.shared.arrivals().isEmpty && RealTime.monotonicNanoseconds() < deadline {
      RealTime.sleep(.milliseconds(1))
    }
  }

  /// Ends the simulation: waits for foreign resumes if needed, collects diagnostics and the
  /// tasks left suspended, and stops running anything.
  func finish() -> AsyncReport {
    let unseen = records.contains { $0.started && !$0.finished && $0.wait == nil }
    if unseen { settle() }
    var foreign: [AsyncDiagnostic] = []
    for arrival in ExecutorGate.shared.arrivals().sorted(by: { $0.task.id < $1.task.id }) {
      let record = records[arrival.task.id - 1]
      records[arrival.task.id - 1].wait = .foreignResume
      foreign.append(.foreignThreadEnqueue(task: record.label, lane: arrival.lane))
    }
    ended = true
    let suspended = records.filter { !$0.finished && ($0.started || $0.wait != nil) }.map {
      SuspendedTask(task: $0.label, wait: $0.wait ?? .unknown, lastRan: $0.lastRan)
    }
    return AsyncReport(
      diagnostics: diagnostics + foreign, suspended: suspended, jobsRun: jobsRun,
      tasksSeen: records.count, endTime: now)
  }
}
