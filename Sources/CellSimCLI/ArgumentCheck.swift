/// Checks the few argument mistakes that ArgumentParser reports misleadingly, before parsing:
/// `help bogus` (which would print the root help and exit 0) and a negative seed (which it
/// reads as a missing value followed by an unknown flag).
enum ArgumentCheck {
  /// What is wrong with `arguments`, or `nil` to let ArgumentParser parse them.
  static func problem(in arguments: [String], subcommands: [String]) -> String? {
    if arguments.first == "help", arguments.count > 1, !subcommands.contains(arguments[1]) {
      let names = subcommands.sorted().joined(separator: ", ")
      return "help: unknown subcommand \"\(arguments[1])\"; choose one of \(names)"
    }
    for (index, argument) in arguments.enumerated().dropLast() where argument == "--seed" {
      let value = arguments[index + 1]
      if value.hasPrefix("-"), value.dropFirst().first?.isNumber == true {
        return "--seed: \(value) is negative; a seed is a whole number from 0 to \(UInt64.max)"
      }
    }
    return nil
  }
}
