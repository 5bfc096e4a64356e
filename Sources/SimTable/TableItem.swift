/// One entry of the table's data: a stable id and the URL of its image.
///
/// Ids never change and are never reused; a row number is only where an item sits at an
/// instant. Several items may share one URL (a scenario's `images.shared`).
public struct TableItem: Hashable, Sendable, CustomStringConvertible {
  /// The stable id (0-based at start; inserted items continue after the largest id).
  public let id: Int
  /// The image URL.
  public var url: String

  /// An item with `id` and `url`.
  package init(id: Int, url: String) {
    self.id = id
    self.url = url
  }

  /// For example `item 17 (https://img.test/17.png)`.
  public var description: String { "item \(id) (\(url))" }
}

/// The table's data: items in row order, with the rule for naming new items.
///
/// `TableModel` is a plain value; `TableView` owns one and changes it only through its mutation
/// methods, which also update the cells on screen.
package struct TableModel: Hashable, Sendable {
  /// The items, in row order.
  package private(set) var items: [TableItem]
  /// The URL template for new items: every `{id}` is replaced by the item's id.
  package let urlTemplate: String
  /// The id the next new item gets: one more than the largest id ever held.
  package private(set) var nextID: Int

  /// A model with `count` items whose ids are `0..<count` and whose URLs come from `urlTemplate`.
  package init(count: Int, urlTemplate: String = "https://img.test/{id}.png") {
    precondition(count >= 0, "TableModel(count:): count must be zero or more, got \(count)")
    let parts = Self.templateParts(urlTemplate)
    self.items = (0..<count).map { TableItem(id: $0, url: parts.joined(separator: String($0))) }
    self.urlTemplate = urlTemplate
    self.nextID = count
  }

  /// A model holding `items` (ids must be unique and non-negative).
  package init(items: [TableItem], urlTemplate: String = "https://img.test/{id}.png") {
    var seen = Set<Int>()
    for item in items {
      precondition(item.id >= 0, "TableModel: item id \(item.id) is negative")
      precondition(seen.insert(item.id).inserted, "TableModel: item id \(item.id) appears twice")
    }
    self.items = items
    self.urlTemplate = urlTemplate
    self.nextID = (items.map(\.id).max() ?? -1) + 1
  }

  /// The number of items (rows).
  package var count: Int { items.count }

  /// The item at `row`; the row must be in range.
  package subscript(row: Int) -> TableItem { items[row] }

  /// The row holding the item with `id`, or nil if no row does (O(n)).
  package func row(ofItem id: Int) -> Int? { items.firstIndex { $0.id == id } }

  /// `template` with every `{id}` replaced by `id`.
  package static func url(for id: Int, template: String) -> String {
    templateParts(template).joined(separator: String(id))
  }

  /// `template` split at every `{id}` (a plain byte scan: fast, and free of Foundation).
  static func templateParts(_ template: String) -> [String] {
    let bytes = Array(template.utf8)
    let marker = Array("{id}".utf8)
    var parts: [String] = []
    var start = 0
    var index = 0
    while index + marker.count <= bytes.count {
      if bytes[index..<(index + marker.count)].elementsEqual(marker) {
        parts.append(String(decoding: bytes[start..<index], as: UTF8.self))
        index += marker.count
        start = index
      } else {
        index += 1
      }
    }
    parts.append(String(decoding: bytes[start...], as: UTF8.self))
    return parts
  }

  /// Makes `count` new items with fresh ids and template URLs, without inserting them.
  mutating func makeItems(count: Int) -> [TableItem] {
    let made = (0..<count).map {
      TableItem(id: nextID + $0, url: Self.url(for: nextID + $0, template: urlTemplate))
    }
    nextID += count
    return made
  }

  /// Inserts `newItems` so that the first lands at `row`. Their ids must be fresh.
  mutating func insert(_ newItems: [TableItem], at row: Int) {
    items.insert(contentsOf: newItems, at: row)
    for item in newItems { nextID = max(nextID, item.id + 1) }
  }

  /// Removes the rows `range`.
  mutating func remove(_ range: Range<Int>) { items.removeSubrange(range) }

  /// Moves the item at `from` so that it ends up at row `to` (UIKit's `moveRow(at:to:)`).
  mutating func move(from: Int, to: Int) {
    let item = items.remove(at: from)
    items.insert(item, at: to)
  }

  /// Moves the items `rows` together so that the first is at `destination`.
  mutating func move(_ rows: Range<Int>, to destination: Int) {
    let moved = Array(items[rows])
    items.removeSubrange(rows)
    items.insert(contentsOf: moved, at: destination)
  }

  /// Replaces the items with `newItems`, the same items in a new order with new ones among
  /// them (a batch update). New items must come from `makeItems`.
  mutating func replaceItems(_ newItems: [TableItem]) { items = newItems }

  /// Sets the URL of the item at `row`.
  mutating func setURL(_ url: String, row: Int) { items[row].url = url }
}
