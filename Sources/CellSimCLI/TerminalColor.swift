/// Whether the human summary is coloured.
///
/// - `NO_COLOR` present and not empty turns colour off (no-color.org: an empty value counts as
///   unset).
/// - Otherwise `CLICOLOR_FORCE` present, not empty and not `0` turns it on even when stdout is
///   not a terminal (bixense.com/clicolors), as CI logs that render colour want.
/// - Otherwise colour is on only on a terminal.
enum TerminalColor {
  static func isEnabled(environment: [String: String], isTerminal: Bool) -> Bool {
    if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
    if let force = environment["CLICOLOR_FORCE"], !force.isEmpty, force != "0" { return true }
    return isTerminal
  }
}
