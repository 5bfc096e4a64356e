extension Array {
  /// Grows the array with `filler` until `index` is one of its indices: for arrays indexed by
  /// dense ids (item, cell and transfer ids count up from 0), which hot paths read instead of
  /// hashing the id. Inlinable, so each element type gets a specialized copy in its caller's
  /// module.
  @inlinable
  package mutating func extend(toInclude index: Int, with filler: Element) {
    precondition(index >= 0, "Array.extend(toInclude:): negative index \(index)")
    if index >= count { append(contentsOf: repeatElement(filler, count: index + 1 - count)) }
  }
}
