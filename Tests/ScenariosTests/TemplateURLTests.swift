import Testing

@testable import Scenarios

@Suite("Image URL templates")
struct TemplateURLTests {
  @Test(
    "the template's URL equals replacing every {id} by the item id",
    arguments: [
      "https://img.test/{id}.png", "https://img.test/{id}/{id}.png", "{id}", "{id}{id}",
      "https://img.test/{i{id}}.png", "https://img.test/{id", "https://img.test/{ID}.png",
      "no placeholder", "", "{{id}}", "https://img.test/ü/{id}.png", "https://img.test/{id}\u{301}",
      "https://img.test/{id}\r\n{id}",
    ])
  func substitution(template: String) {
    let images = Scenario.Images(urlTemplate: template, fixtures: ["a.png"])
    for id in [0, 7, 42, 1_000_000] {
      #expect(
        images.templateURL(forItem: id)
          == template.replacing(Scenario.Images.idPlaceholder, with: String(id)))
    }
  }
}
