// Written as iOS code, with only the layer imported: a photo feed read as RSS, as Flickr's
// public feed apps read it, with Foundation's `XMLParser` (Linux keeps it in FoundationXML).
import CellSimUIKit
import Testing

/// Collects each entry's image link, as feed parsers in photo apps do.
final class FeedParser: NSObject, XMLParserDelegate {
  var links: [String] = []

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
    qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
  ) {
    if elementName == "link", attributeDict["rel"] == "enclosure", let href = attributeDict["href"]
    {
      links.append(href)
    }
  }
}

@Suite("XMLParser through the layer")
struct XMLFeedTests {
  @Test("a feed's image links are read in order")
  func feed() {
    let feed = """
      <feed><entry><link rel="enclosure" href="https://img.test/1.png"/></entry>
      <entry><link rel="alternate" href="https://x.test"/>
      <link rel="enclosure" href="https://img.test/2.png"/></entry></feed>
      """
    let parser = XMLParser(data: Data(feed.utf8))
    let delegate = FeedParser()
    parser.delegate = delegate
    #expect(parser.parse())
    #expect(delegate.links == ["https://img.test/1.png", "https://img.test/2.png"])
  }
}
