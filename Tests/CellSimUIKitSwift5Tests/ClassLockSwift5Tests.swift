// Swift 5 language mode: a storage that synchronizes on its own class, as hirohisa's
// ImageLoaderSwift `HashStorage` does (`objc_sync_enter(HashStorage.self)`).
import CellSimUIKit
import Testing

/// A key-value store whose subscript locks on the class, as the library's does.
struct ClassLockedStorage<Key: Hashable, Value> {
  var items = [Key: Value]()
  subscript(key: Key) -> Value? {
    get {
      objc_sync_enter(ClassLockedStorageLock.self)
      defer { objc_sync_exit(ClassLockedStorageLock.self) }
      return items[key]
    }
    set {
      objc_sync_enter(ClassLockedStorageLock.self)
      defer { objc_sync_exit(ClassLockedStorageLock.self) }
      items[key] = newValue
    }
  }
}

final class ClassLockedStorageLock {}

@Suite("Class-object locks in Swift 5 mode")
struct ClassLockSwift5Tests {
  @Test("a storage locking on its class reads back from workers")
  func classLock() throws {
    let box = Box(ClassLockedStorage<String, Int>())
    let read = Box<[Int?]>([])
    try simulate {
      DispatchQueue.global().async {
        box.value["a"] = 1
        read.value.append(box.value["a"])
      }
    }
    #expect(read.value == [1])
  }
}
