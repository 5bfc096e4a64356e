/// A cancellable that cancels when it is deinitialized: keeping it keeps a subscription alive,
/// dropping it (or calling `cancel()`) ends it.
public final class AnyCancellable: Cancellable, Hashable {
  private var onCancel: (() -> Void)?

  /// Runs `cancel` on the first `cancel()` or at deinitialization.
  public init(_ cancel: @escaping () -> Void) { onCancel = cancel }

  /// Cancels `canceller` on the first `cancel()` or at deinitialization.
  public init<C: Cancellable>(_ canceller: C) { onCancel = { canceller.cancel() } }

  /// Runs the cancel action once and releases it.
  public func cancel() {
    guard let action = onCancel else { return }
    onCancel = nil
    action()
  }

  deinit { cancel() }

  /// Identity: two cancellables are equal only if they are the same object.
  public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool { lhs === rhs }

  /// One hash for every cancellable. Apple's hashes the object's address, so the order in which
  /// a `Set<AnyCancellable>` is iterated (and cancelled, when the set goes) would follow the
  /// allocator, which differs from run to run; with one hash it follows only the order of
  /// insertions and removals, and a run stays the same in every process. Lookups in a set are
  /// then linear, which sets of a screen's subscriptions can afford.
  public func hash(into hasher: inout Hasher) { hasher.combine(0 as UInt8) }

  /// Keeps this cancellable in `collection` (appended).
  public func store<C: RangeReplaceableCollection>(in collection: inout C)
  where C.Element == AnyCancellable {
    collection.append(self)
  }

  /// Keeps this cancellable in `set`.
  public func store(in set: inout Set<AnyCancellable>) { set.insert(self) }
}
