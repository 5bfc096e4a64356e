/// UIKit's `NSCollectionLayoutGroupCustomItemProvider`: the frames of a custom group's items.
public typealias NSCollectionLayoutGroupCustomItemProvider =
  @MainActor (any NSCollectionLayoutEnvironment) -> [NSCollectionLayoutGroupCustomItem]

/// UIKit's `NSCollectionLayoutGroupCustomItem`: one item's frame in a custom group.
@preconcurrency @MainActor open class NSCollectionLayoutGroupCustomItem: NSObject {
  /// The item's frame, relative to the group.
  public let frame: CGRect
  /// The item's z-index (kept; nothing is drawn).
  public let zIndex: Int

  /// An item at `frame` in its group.
  public convenience init(frame: CGRect) { self.init(frame: frame, zIndex: 0) }
  /// An item at `frame` in its group, at `zIndex`.
  public init(frame: CGRect, zIndex: Int) {
    self.frame = frame
    self.zIndex = zIndex
  }
}

extension NSCollectionLayoutGroup {
  /// A group whose items are where `itemProvider` puts them, as masonry (Pinterest-style)
  /// layouts place theirs. The provider is asked when the section is laid out, with an
  /// environment whose container is the group's size (less its content insets); its frames
  /// are relative to the group, and the group repeats like any other when the section has
  /// more items than frames.
  open class func custom(
    layoutSize: NSCollectionLayoutSize,
    itemProvider: @escaping NSCollectionLayoutGroupCustomItemProvider
  ) -> NSCollectionLayoutGroup {
    let group = NSCollectionLayoutGroup(
      layoutSize: layoutSize, subitems: [], vertical: false, count: nil)
    group.customItemProvider = itemProvider
    return group
  }
}
