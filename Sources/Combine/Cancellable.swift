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

  /// The hash a set places the cancellable by: the same for every seed. A set seeds its hashes
  /// per storage (from the process's random seed and the storage's address), so a constant fed
  /// to `hash(into:)` alone still lands in a bucket that differs from set to set, and the
  /// iteration order would be the insertion order rotated by a different amount each time.
  /// Placed by a hash that ignores the seed, every set of cancellables iterates, and cancels,
  /// in the order they were inserted.
  public func _rawHashValue(seed: Int) -> Int { 0 }

  /// Keeps this cancellable in `collection` (appended).
  public func store<C: RangeReplaceableCollection>(in collection: inout C)
  where C.Element == AnyCancellable {
    collection.append(self)
  }

  /// Keeps this cancellable in `set`.
  public func store(in set: inout Set<AnyCancellable>) { set.insert(self) }
}
