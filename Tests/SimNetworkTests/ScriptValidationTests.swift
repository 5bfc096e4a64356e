import SimKernel
import SimPlatform
import Testing

@testable import SimNetwork

@Suite("Network script validation")
struct ScriptValidationTests {
  static let invalid: [(String, NetworkScript, NetworkScriptError)] = [
    (
      "negative fixed latency", NetworkScript(latency: .fixed(.ms(-1))),
      .negativeLatency(path: "latency", .ms(-1))
    ),
    (
      "negative uniform min", NetworkScript(latency: .uniform(min: .ms(-5), max: .ms(5))),
      .negativeLatency(path: "latency.min", .ms(-5))
    ),
    (
      "uniform max below min", NetworkScript(latency: .uniform(min: .ms(9), max: .ms(5))),
      .uniformMaxBelowMin(path: "latency", min: .ms(9), max: .ms(5))
    ),
    (
      "p99 below median", NetworkScript(latency: .lognormal(median: .ms(80), p99: .ms(40))),
      .p99BelowMedian(path: "latency", median: .ms(80), p99: .ms(40))
    ),
    (
      "zero median", NetworkScript(latency: .lognormal(median: .zero, p99: .ms(40))),
      .nonPositiveMedian(path: "latency.median", .zero)
    ),
    ("zero bandwidth", NetworkScript(bandwidth: 0), .nonPositiveBandwidth(path: "bandwidth", 0)),
    ("zero chunk size", NetworkScript(chunkSize: 0), .nonPositiveChunkSize(0)),
    ("zero connections", NetworkScript(maxConnectionsPerHost: 0), .nonPositiveConnectionLimit(0)),
    ("empty glob", NetworkScript(rules: [NetworkRule(match: "")]), .emptyGlob(rule: 0)),
    (
      "times: 0", NetworkScript(rules: [NetworkRule(match: "a", times: 0)]),
      .nonPositiveTimes(rule: 0, 0)
    ),
    (
      "status 200 is no failure",
      NetworkScript(rules: [NetworkRule(match: "a", fail: .status(200))]),
      .statusOutOfRange(rule: 0, 200)
    ),
    (
      "negative reset_after",
      NetworkScript(rules: [NetworkRule(match: "a", fail: .resetAfter(bytes: -1))]),
      .negativeResetAfter(rule: 0, -1)
    ),
    (
      "after without timeout", NetworkScript(rules: [NetworkRule(match: "a", after: .s(1))]),
      .afterWithoutTimeout(rule: 0)
    ),
    (
      "negative after",
      NetworkScript(rules: [NetworkRule(match: "a", fail: .timeout, after: .ms(-1))]),
      .negativeTimeoutAfter(rule: 0, .ms(-1))
    ),
    (
      "fail and corrupt",
      NetworkScript(rules: [NetworkRule(match: "a", fail: .status(500), corrupt: .truncate)]),
      .failAndCorrupt(rule: 0)
    ),
    (
      "rule bandwidth zero, second rule",
      NetworkScript(rules: [NetworkRule(match: "a"), NetworkRule(match: "b", bandwidth: 0)]),
      .nonPositiveBandwidth(path: "rules[1].bandwidth", 0)
    ),
    (
      "rule latency p99 below median",
      NetworkScript(rules: [
        NetworkRule(match: "a", latency: .lognormal(median: .ms(10), p99: .ms(9)))
      ]),
      .p99BelowMedian(path: "rules[0].latency", median: .ms(10), p99: .ms(9))
    ),
    (
      "outage from == to", NetworkScript(outages: [Outage(from: ms(5), to: ms(5))]),
      .emptyOutage(outage: 0, from: ms(5), to: ms(5))
    ),
    (
      "outage from > to", NetworkScript(outages: [Outage(from: ms(9), to: ms(5))]),
      .emptyOutage(outage: 0, from: ms(9), to: ms(5))
    ),
    (
      "outage before zero", NetworkScript(outages: [Outage(from: .zero - .ms(1), to: ms(5))]),
      .negativeOutageStart(outage: 0, .zero - .ms(1))
    ),
  ]

  @Test("each invalid script is refused with an error naming its field", arguments: invalid)
  func refused(name: String, script: NetworkScript, expected: NetworkScriptError) {
    #expect(throws: expected, "\(name)") { try script.validate() }
    #expect(!expected.description.isEmpty)
  }

  @Test("FakeNetwork refuses an invalid script")
  func networkRefuses() {
    let world = quietWorld()
    #expect(throws: NetworkScriptError.nonPositiveChunkSize(-3)) {
      try FakeNetwork(world: world, script: NetworkScript(chunkSize: -3)) { _ in nil }
    }
  }

  @Test("a script using every feature is valid")
  func everythingValid() throws {
    let script = NetworkScript(
      latency: .lognormal(median: .ms(80), p99: .ms(80)), bandwidth: 4_000_000, chunkSize: 1,
      maxConnectionsPerHost: 1,
      rules: [
        NetworkRule(match: "*/17.png", latency: .fixed(.s(2))),
        NetworkRule(match: "*/18.png", fail: .status(404)),
        NetworkRule(match: "*/19.png", fail: .timeout, times: 1),
        NetworkRule(match: "*/20.png", fail: .resetAfter(bytes: 0)),
        NetworkRule(match: "*/21.png", corrupt: .truncate),
        NetworkRule(match: "*/22.png", hold: true),
        NetworkRule(match: "*/23.png", fail: .timeout, after: .s(5)),
      ],
      outages: [Outage(from: ms(3_000), to: ms(5_000))])
    try script.validate()
  }

  @Test("the messages say what is wrong and how to fix it")
  func messages() {
    #expect(
      NetworkScriptError.emptyGlob(rule: 3).description
        == "rules[3].match: empty; give an exact URL or a glob such as \"*/17.png\"")
    #expect(
      NetworkScriptError.nonPositiveTimes(rule: 0, 0).description
        == "rules[0].times: 0 must be at least 1; omit it to match every attempt")
  }
}

@Suite("URL globs")
struct GlobTests {
  static let cases: [(String, String, Bool)] = [
    ("https://img.test/17.png", "https://img.test/17.png", true),
    ("https://img.test/17.png", "https://img.test/170.png", false),
    ("*/17.png", "https://img.test/17.png", true),
    ("*/17.png", "https://img.test/a/17.png", true),
    ("*/17.png", "https://img.test/117.png", false),
    ("*/1?.png", "https://img.test/17.png", true),
    ("*/1?.png", "https://img.test/1.png", false),
    ("*", "", true),
    ("?", "", false),
    ("a*b*c", "aXXbYYc", true),
    ("a*b*c", "aXXbYY", false),
    ("*.png", "x.png.gif", false),
    ("**x", "abcx", true),
    ("https://*.test/*", "https://img.test/3.png", true),
  ]

  @Test("exact URLs and globs with * and ?", arguments: cases)
  func matching(pattern: String, text: String, expected: Bool) {
    #expect(Glob(pattern).matches(text) == expected, "\(pattern) vs \(text)")
  }

  @Test("the host is the URL's host part, without port or user")
  func hosts() {
    #expect(WireModel.host(of: "https://img.test/1.png") == "img.test")
    #expect(WireModel.host(of: "https://u:p@IMG.test:8443/1.png?x#y") == "img.test")
    #expect(WireModel.host(of: "img.test/1.png") == "img.test")
    // The byte-wise form for ASCII URLs agrees with the general one.
    let urls = [
      "", ":", "://", "a://", "http://", "http://@", "http://h:80", "HTTP://A.B/C", "x@y:z/q",
      "//h/", "h?q", "h#f", "https://u:p@h@x:1/", "\r\nhttp://H/", "https://img.test/{id}.png",
      "ftp://[::1]:21/x", "https://h/a://b", "mailto:a@b", "https://Ex%41mple.test?x=@:",
    ]
    for url in urls {
      #expect(WireModel.host(of: url) == WireModel.characterHost(of: url), "\(url)")
    }
    #expect(WireModel.host(of: "https://Ünï.test/x") == "ünï.test")
    #expect(WireModel.host(of: "https://img.test?q=1") == "img.test")
  }
}
