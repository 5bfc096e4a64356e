/// What is wrong with a report page, as sentences (none when it is right): every element opened
/// is closed in order (void elements and `/>` excepted), and nothing is loaded from elsewhere
/// (no script, no link, no external `src`/`href`/`url(`).
///
/// Shared by the report tests and the bundled suite's test, which renders a report of every
/// bundled run.
public func reportPageProblems(_ html: String) -> [String] {
  var problems: [String] = []
  let void: Set<String> = ["meta", "img", "br", "hr", "input", "link", "source", "!doctype"]
  var stack: [String] = []
  for match in html.matches(of: /<(\/?)([A-Za-z!][A-Za-z0-9]*)([^>]*)>/) {
    let closing = !match.output.1.isEmpty
    let name = match.output.2.lowercased()
    let selfClosing = match.output.3.hasSuffix("/")
    if closing {
      if stack.popLast() != name {
        problems.append("</\(name)> closes \(stack.last ?? "nothing")")
      }
    } else if !void.contains(name) && !selfClosing {
      stack.append(name)
    }
  }
  if !stack.isEmpty { problems.append("left open: \(stack)") }
  let lowered = html.lowercased()
  for forbidden in ["<script", "<link", "<iframe", "<object", "<embed", "url(", "@import"]
  where lowered.contains(forbidden) {
    problems.append("contains \(forbidden)")
  }
  for attribute in html.matches(of: /(src|href)="([^"]*)"/) {
    let value = attribute.output.2
    if !(value.hasPrefix("data:image/png;base64,") || value.hasPrefix("runs/")) {
      problems.append("external reference \(value.prefix(60))")
    }
  }
  return problems
}
