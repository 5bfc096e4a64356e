// Written as iOS code: this file imports only the layer (and Testing). A feed's presenter that
// dates its comments with Foundation's RelativeDateTimeFormatter.
import CellSimUIKit
import Testing

@Suite("RelativeDateTimeFormatter")
struct RelativeDateTimeFormatterTests {
  let reference = Date(timeIntervalSince1970: 1_700_000_000)

  func formatter() -> RelativeDateTimeFormatter {
    let formatter = RelativeDateTimeFormatter()
    formatter.calendar = Calendar(identifier: .gregorian)
    formatter.locale = Locale(identifier: "en_US_POSIX")
    return formatter
  }

  @Test("the interval from the reference date, past and future, in the largest unit")
  func interval() {
    let formatter = formatter()
    #expect(formatter.dateTimeStyle == .numeric && formatter.unitsStyle == .full)
    let tenMinutesAgo = reference.addingTimeInterval(-600)
    let twoMinutesAhead = reference.addingTimeInterval(120)
    #expect(
      formatter.localizedString(for: tenMinutesAgo, relativeTo: twoMinutesAhead) == "12 minutes ago"
    )
    #expect(
      formatter.localizedString(for: reference.addingTimeInterval(7_200), relativeTo: reference)
        == "in 2 hours")
    #expect(
      formatter.localizedString(for: reference.addingTimeInterval(-86_400), relativeTo: reference)
        == "1 day ago")
  }

  @Test("named dates and the units styles")
  func styles() {
    let formatter = formatter()
    formatter.dateTimeStyle = .named
    #expect(
      formatter.localizedString(for: reference.addingTimeInterval(-86_400), relativeTo: reference)
        == "yesterday")
    formatter.dateTimeStyle = .numeric
    formatter.unitsStyle = .spellOut
    #expect(
      formatter.localizedString(for: reference.addingTimeInterval(-180), relativeTo: reference)
        == "three minutes ago")
    formatter.unitsStyle = .short
    #expect(
      formatter.localizedString(for: reference.addingTimeInterval(-7_200), relativeTo: reference)
        == "2 hr. ago")
  }

  @Test("date components: the least granular nonzero unit, kept in that unit")
  func components() {
    let formatter = formatter()
    #expect(formatter.localizedString(from: DateComponents(day: -2)) == "2 days ago")
    #expect(formatter.localizedString(from: DateComponents(day: 14)) == "in 14 days")
    #expect(formatter.localizedString(from: DateComponents(hour: 0, minute: -5)) == "5 minutes ago")
  }

  @Test("string(for:) and a time interval measure from the world's virtual clock")
  func fromNow() throws {
    let log = Log()
    try simulate(for: 100_000) {
      DispatchQueue.main.asyncAfter(deadline: .now() + .seconds(90)) {
        let formatter = formatter()
        let started = Date().addingTimeInterval(-120)
        log.add(formatter.string(for: started) ?? "nil")
        log.add(formatter.string(for: "not a date") ?? "nil")
        log.add(formatter.localizedString(fromTimeInterval: -3_600))
      }
    }
    #expect(log.lines == ["2 minutes ago @90000", "nil @90000", "1 hour ago @90000"])
  }
}
