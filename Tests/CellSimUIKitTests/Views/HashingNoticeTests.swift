import SimThreads
import Testing

@testable import CellSimUIKitHost

@Suite("A hosted run says so once when the process hashes at random without asking")
struct HashingNoticeTests {
  @Test("fixed or asked-for random hashing: nothing; loaded late or unavailable: the remedy")
  func messages() {
    #expect(HashingNotice.message(for: .fixed, deterministic: true) == nil)
    #expect(HashingNotice.message(for: .randomAsked, deterministic: false) == nil)
    // SWIFT_DETERMINISTIC_HASHING set by the user: deterministic whatever CellSim did.
    #expect(HashingNotice.message(for: .loadedLate, deterministic: true) == nil)
    for start in [ProcessHashing.Start.loadedLate, .unavailable] {
      let text = HashingNotice.message(for: start, deterministic: false) ?? ""
      #expect(text.contains("SWIFT_DETERMINISTIC_HASHING=1"), "\(start)")
      #expect(text.contains("Set or a Dictionary"), "\(start)")
    }
  }
}
