import TestSupport
import Testing

/// The report tests' page checker catches each thing it looks for, so a page that passes it
/// passes for a reason.
@Suite("The report page checker")
struct ReportPageCheckTests {
  @Test("a well-formed, self-contained page has no problems")
  func clean() {
    let page = """
      <!DOCTYPE html><html><head><meta charset="utf-8"><style>p { color: red }</style></head>
      <body><p>a<br>b</p><img alt="x" src="data:image/png;base64,iVBORw0K+/=="><a href="runs/1.html">1</a>
      <figure><div class="shot"><img src="data:image/png;base64,AAAA" /></div></figure></body></html>
      """
    #expect(reportPageProblems(page) == [])
  }

  @Test("misnested and unclosed elements are named")
  func nesting() {
    #expect(reportPageProblems("<div><p></div></p>") == ["</div> closes p", "</p> closes div"])
    #expect(reportPageProblems("</p>") == ["</p> closes nothing"])
    #expect(reportPageProblems("<div><SPAN>x</span>") == ["left open: [\"div\"]"])
  }

  @Test("scripts, links, frames, objects, embeds, url( and @import are found in any case")
  func forbidden() {
    let page = "<SCRIPT></script><div style=\"background: URL(x)\"></div><style>@Import x;</style>"
    #expect(
      reportPageProblems(page) == ["contains <script", "contains url(", "contains @import"])
    #expect(reportPageProblems("<iframe></iframe>") == ["contains <iframe"])
    #expect(reportPageProblems("<p><embed></embed><object></object></p>").count == 2)
  }

  @Test("external src and href values are named; embedded PNGs and report pages are not")
  func references() {
    let page =
      #"<img src="https://x.test/a.png"><a href="http://y.test">y</a><a href="runs/2.html">2</a>"#
    #expect(
      reportPageProblems(page) == [
        "external reference https://x.test/a.png", "external reference http://y.test",
      ])
  }
}
