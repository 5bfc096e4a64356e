import Foundation
import SimAsync

extension NotificationCenter {
  /// `notifications(named:object:)` (iOS 15): the notifications named `name` from `object` (nil:
  /// any sender) as an async sequence, for a task of a SimAsync simulation.
  ///
  /// Iteration registers a block observer on this center (`addObserver(forName:object:queue:using:)`
  /// with no queue) when it starts, and buffers what is posted while the task is busy, so none is
  /// lost, as Foundation's does. A waiting task resumes at the post's instant. Cancelling the task
  /// ends the iteration (`next()` returns nil). Waiting for a notification stops the process
  /// outside an async simulation, as the other async Foundation calls do.
  public func notifications(
    named name: Notification.Name, object: (any AnyObject & Sendable)? = nil
  ) -> Notifications {
    Notifications(center: self, name: name, object: object)
  }

  /// Foundation's `NotificationCenter.Notifications`: an async sequence of notifications.
  public struct Notifications: AsyncSequence, Sendable {
    /// A notification.
    public typealias Element = Notification
    let center: NotificationCenter
    let name: Notification.Name
    let object: (any AnyObject & Sendable)?

    /// The iterator: each notification posted since iteration began, in order.
    public struct AsyncIterator: AsyncIteratorProtocol {
      let buffer: NotificationBuffer
      /// The next notification, waiting in virtual time for one to be posted; nil once the
      /// calling task is cancelled.
      public mutating func next() async -> Notification? { await buffer.next() }
    }

    /// Starts observing and returns the iterator.
    public func makeAsyncIterator() -> AsyncIterator {
      AsyncIterator(buffer: NotificationBuffer(center: center, name: name, object: object))
    }
  }
}

/// The notifications one iteration has received and not yet returned, and its waiting task.
final class NotificationBuffer: @unchecked Sendable {
  let name: Notification.Name
  var pending: [Notification] = []
  var waiter: ((Notification?) -> Void)?

  init(center: NotificationCenter, name: Notification.Name, object: AnyObject?) {
    self.name = name
    // The observer holds the buffer weakly: once the iteration is gone its block does nothing
    // (the registration lasts as long as the world's registry).
    center.addObserver(forName: name, object: object, queue: nil) { [weak self] notification in
      self?.receive(notification)
    }
  }

  func receive(_ notification: Notification) {
    if let waiter {
      self.waiter = nil
      waiter(notification)
    } else {
      pending.append(notification)
    }
  }

  func next() async -> Notification? {
    if Task.isCancelled { return nil }
    if !pending.isEmpty { return pending.removeFirst() }
    guard let simulation = AsyncSimulation.running else {
      preconditionFailure(
        "CellSimUIKit: NotificationCenter.notifications(named:) was iterated outside an async "
          + "simulation's tasks (SimAsync); async notifications are modelled only there")
    }
    let received: Unchecked<Notification?>? = try? await simulation.awaitCallback(
      "notification \(name.rawValue)"
    ) { complete in
      waiter = { complete(.success(Unchecked($0))) }
      return { [weak self] in
        guard let self, let waiter = self.waiter else { return }
        self.waiter = nil
        waiter(nil)
      }
    }
    return received?.value
  }
}
