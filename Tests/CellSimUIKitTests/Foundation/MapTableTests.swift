// Written as iOS code: this file imports only the layer (and Testing).
import CellSimUIKit
import Testing

/// A value a map table holds weakly (an image a cell still shows).
final class HeldPhoto {
  let tag: String
  init(_ tag: String) { self.tag = tag }
}

@Suite("NSMapTable: Foundation's memory options, as a weak-value image cache uses them")
struct MapTableTests {
  @Test("strong keys compare by value; a weakly held value goes once it is freed")
  func strongToWeak() {
    let table = NSMapTable<NSString, HeldPhoto>(
      keyOptions: .strongMemory, valueOptions: .weakMemory)
    var kept: HeldPhoto? = HeldPhoto("kept")
    table.setObject(kept, forKey: "a")
    do {
      let passing = HeldPhoto("passing")
      table.setObject(passing, forKey: NSString(string: "b"))
      #expect(table.object(forKey: "b")?.tag == "passing")
      #expect(table.count == 2)
    }
    #expect(table.object(forKey: "b") == nil)
    #expect(table.count == 1)
    #expect(table.object(forKey: NSString(string: "a")) === kept)
    kept = nil
    #expect(table.object(forKey: "a") == nil && table.count == 0)
  }

  @Test("weak keys: the entry goes with its key; strong values stay while the key lives")
  func weakToStrong() {
    let table = NSMapTable<HeldPhoto, NSString>.weakToStrongObjects()
    let cell = HeldPhoto("cell")
    do {
      let other = HeldPhoto("other")
      table.setObject("https://img.test/2", forKey: other)
      #expect(table.count == 1)
    }
    table.setObject("https://img.test/1", forKey: cell)
    #expect(table.object(forKey: cell) == "https://img.test/1")
    #expect(table.count == 1)
    #expect(table.object(forKey: HeldPhoto("cell")) == nil)
  }

  @Test("set replaces in place, nil removes; enumeration is in insertion order")
  func orderAndRemoval() {
    let table = NSMapTable<NSString, NSString>.strongToStrongObjects()
    for key in ["c", "a", "b"] { table.setObject("\(key)1" as NSString, forKey: key as NSString) }
    table.setObject("a2", forKey: "a")
    #expect(table.keyEnumerator().allObjects as? [NSString] == ["c", "a", "b"])
    #expect(table.objectEnumerator()?.allObjects as? [NSString] == ["c1", "a2", "b1"])
    var keys: [String] = []
    for key in table { keys.append("\(key)") }
    #expect(keys == ["c", "a", "b"])
    table.setObject(nil, forKey: "c")
    table.removeObject(forKey: "b")
    #expect(table.dictionaryRepresentation() == [AnyHashable(NSString(string: "a")): "a2"])
    table.removeAllObjects()
    #expect(table.count == 0)
  }

  @Test("pointer personality compares keys by identity; copyIn stores a copy")
  func personalityAndCopy() {
    let byIdentity = NSMapTable<NSString, HeldPhoto>(
      keyOptions: [.strongMemory, .objectPointerPersonality], valueOptions: .strongMemory)
    let key = NSString(string: "k")
    byIdentity.setObject(HeldPhoto("x"), forKey: key)
    #expect(byIdentity.object(forKey: key)?.tag == "x")
    #expect(byIdentity.object(forKey: NSMutableString(string: "k")) == nil)
    let copying = NSMapTable<NSMutableString, HeldPhoto>(
      keyOptions: .copyIn, valueOptions: .strongMemory)
    let mutable = NSMutableString(string: "before")
    copying.setObject(HeldPhoto("y"), forKey: mutable)
    mutable.append(" changed")
    #expect(copying.object(forKey: NSMutableString(string: "before"))?.tag == "y")
  }

  @Test("a table in a static starts empty in each world, as in each launch")
  func perWorld() throws {
    let table = NSMapTable<NSString, NSString>.strongToStrongObjects()
    let seen = Box<[Int]>([])
    for _ in 0..<2 {
      try simulate {
        seen.value.append(table.count)
        table.setObject("v", forKey: "k")
      }
    }
    #expect(seen.value == [0, 0])
  }
}
