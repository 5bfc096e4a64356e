// Entry points of the Swift concurrency runtime (libswift_Concurrency) that the standard library
// binds the same way (`_getJobTaskId`, `_enqueueOnMain`, `_enqueueJobGlobal` in
// swiftlang/swift `stdlib/public/Concurrency`); all use the Swift calling convention.

@_silgen_name("swift_task_getJobTaskId")
private func _runtimeJobTaskID(_ job: UnownedJob) -> UInt64

@_silgen_name("swift_task_enqueueMainExecutor")
private func _runtimeEnqueueMainExecutor(_ job: UnownedJob)

@_silgen_name("swift_task_enqueueGlobal")
private func _runtimeEnqueueGlobal(_ job: UnownedJob)

/// Runtime facts about tasks and jobs.
enum RuntimeTasks {
  /// The runtime's id of the task a job runs, or 0 for a job that is not a task (an actor's
  /// processing job, the continuation job of `Task.yield()`). Ids count up from 1 in a process
  /// and are never reused, so they can key a registry; they are not deterministic (other tests
  /// create tasks too) and never reach a trace.
  static func taskID(of job: UnownedJob) -> UInt64 {
    _runtimeJobTaskID(job)
  }

  /// The runtime id of `task`.
  static func taskID<Success, Failure>(of task: Task<Success, Failure>) -> UInt64 {
    // A `Task` is one reference to its `AsyncTask`, which is a job.
    _runtimeJobTaskID(unsafeBitCast(task, to: UnownedJob.self))
  }

  /// The runtime id of the task running now, if any.
  static func currentTaskID() -> UInt64? {
    withUnsafeCurrentTask { task in
      task.map { _runtimeJobTaskID(unsafeBitCast($0, to: UnownedJob.self)) }
    }
  }

  /// Hands `job` to the real main executor (through any main-executor hook installed).
  static func enqueueOnRealMain(_ job: UnownedJob) {
    _runtimeEnqueueMainExecutor(job)
  }

  /// Hands `job` to the real global executor (through any global hook installed).
  static func enqueueOnRealGlobal(_ job: UnownedJob) {
    _runtimeEnqueueGlobal(job)
  }
}
