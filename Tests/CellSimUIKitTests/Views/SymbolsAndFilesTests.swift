// Written as iOS code: the images are used only through the layer.
import CellSimUIKit
import TestSupport
import Testing

/// The file URL of a photo fixture.
func photoFileURL() throws -> URL {
  let folder = Repository.fixtures.appendingPathComponent("photos")
  let name = try #require(
    try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().first {
      $0.hasSuffix(".png")
    })
  return folder.appendingPathComponent(name)
}

/// WWDC 2018's downsampling function ("Image and Graphics Best Practices"), as loaders paste it.
func downsample(imageAt imageURL: URL, to pointSize: CGSize, scale: CGFloat) -> UIImage {
  let imageSourceOptions = [kCGImageSourceShouldCache: false] as CFDictionary
  let imageSource = CGImageSourceCreateWithURL(imageURL as CFURL, imageSourceOptions)!
  let maxDimensionInPixels = max(pointSize.width, pointSize.height) * scale
  let downsampleOptions =
    [
      kCGImageSourceCreateThumbnailFromImageAlways: true,
      kCGImageSourceShouldCacheImmediately: true,
      kCGImageSourceCreateThumbnailWithTransform: true,
      kCGImageSourceThumbnailMaxPixelSize: maxDimensionInPixels,
    ] as CFDictionary
  let downsampledImage = CGImageSourceCreateThumbnailAtIndex(imageSource, 0, downsampleOptions)!
  return UIImage(cgImage: downsampledImage)
}

@Suite("Symbol configurations, UIImage(contentsOfFile:) and CGImageSourceCreateWithURL")
struct SymbolsAndFilesTests {
  @Test("a text-style configuration keeps its style; applying one lays it over another")
  func textStyleConfiguration() throws {
    let body = UIImage.SymbolConfiguration(textStyle: .body)
    #expect(body.isEqual(to: UIImage.SymbolConfiguration(textStyle: .body)))
    #expect(!body.isEqual(to: UIImage.SymbolConfiguration(textStyle: .headline)))
    #expect(!body.isEqual(to: .unspecified))
    let large = UIImage.SymbolConfiguration(textStyle: .title1, scale: .large)
    let combined = UIImage.SymbolConfiguration(weight: .bold).applying(large)
    #expect(
      combined.isEqual(
        to: UIImage.SymbolConfiguration(textStyle: .title1, scale: .large).applying(
          UIImage.SymbolConfiguration(weight: .bold))))
    let symbol = try #require(UIImage(systemName: "photo", withConfiguration: body))
    #expect(symbol.symbolConfiguration === body)
  }

  @Test("a configured symbol is the symbol's placeholder, keeping its configuration")
  func symbolConfigurations() throws {
    let configuration = UIImage.SymbolConfiguration(pointSize: 40, weight: .light)
    let photo = try #require(UIImage(systemName: "photo", withConfiguration: configuration))
    #expect(photo.size == CGSize(width: 40, height: 40))
    #expect(photo.symbolConfiguration === configuration)
    let failure = try #require(
      UIImage(
        systemName: "exclamationmark.triangle",
        withConfiguration: UIImage.SymbolConfiguration(scale: .large)))
    let bold = try #require(
      photo.applyingSymbolConfiguration(UIImage.SymbolConfiguration(weight: .bold)))
    #expect(
      bold.symbolConfiguration?.isEqual(
        to: UIImage.SymbolConfiguration(pointSize: 40, weight: .bold)) == true)
    let plain = try #require(UIImage(systemName: "photo", withConfiguration: nil))
    #expect(plain.configuration == nil)
    try simulate {
      let world = SimulationContext.world(for: "test")
      #expect(photo.simImage(in: world).kind == .placeholder)
      #expect(failure.simImage(in: world).kind == .failure)
      #expect(bold.simImage(in: world).kind == .placeholder)
    }
  }

  @Test("an image view keeps its preferred symbol configuration")
  @MainActor func preferredSymbolConfiguration() {
    let view = UIImageView()
    view.preferredSymbolConfiguration = UIImage.SymbolConfiguration(pointSize: 24)
    view.image = UIImage(systemName: "photo")
    #expect(view.preferredSymbolConfiguration != nil)
  }

  @Test("UIImage(contentsOfFile:) reads the real file: nil without one, @2x gives the scale")
  func contentsOfFile() throws {
    let url = try photoFileURL()
    let image = try #require(UIImage(contentsOfFile: url.path))
    let bytes = try Data(contentsOf: url)
    #expect(image.size == UIImage(data: bytes)?.size)
    #expect(image.pngData() == bytes)
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "cellsim-contents-of-file-\(ProcessInfo.processInfo.processIdentifier)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let retinaPath = folder.appendingPathComponent("photo@2x.png").path
    #expect(FileManager.default.createFile(atPath: retinaPath, contents: bytes))
    let retina = try #require(UIImage(contentsOfFile: retinaPath))
    #expect(retina.scale == 2 && retina.size.width * 2 == image.size.width)
    #expect(UIImage(contentsOfFile: folder.appendingPathComponent("missing.png").path) == nil)
    let textPath = folder.appendingPathComponent("notes.txt").path
    #expect(FileManager.default.createFile(atPath: textPath, contents: Data("hi".utf8)))
    #expect(UIImage(contentsOfFile: textPath) == nil)
  }

  @Test("WWDC's downsample(imageAt:to:scale:) runs unchanged on a file or an http URL")
  func downsampleFromURL() throws {
    let file = try photoFileURL()
    let bytes = try Data(contentsOf: file)
    let log = Log()
    try simulate(serving: ["https://img.test/p.png": [UInt8](bytes)]) {
      DispatchQueue.global().async {
        let fromFile = downsample(imageAt: file, to: CGSize(width: 32, height: 32), scale: 2)
        log.add("file \(max(fromFile.size.width, fromFile.size.height))")
        let remote = URL(string: "https://img.test/p.png")!
        let fromNetwork = downsample(imageAt: remote, to: CGSize(width: 20, height: 20), scale: 3)
        log.add("http \(max(fromNetwork.size.width, fromNetwork.size.height))")
        let missing = URL(string: "https://img.test/missing.png")!
        log.add("missing \(CGImageSourceCreateWithURL(missing as CFURL, nil) == nil)")
      }
    }
    #expect(log.lines.count == 3)
    #expect(log.lines[0].hasPrefix("file 64.0 @"))
    #expect(log.lines[1].hasPrefix("http 60.0 @") && !log.lines[1].hasSuffix("@0"))
    #expect(log.lines[2].hasPrefix("missing true"))
  }

  @Test("an animated image shows its first frame and keeps its frames; tints and caps are kept")
  func animatedAndTinted() throws {
    let bytes = try Data(contentsOf: try photoFileURL())
    let first = try #require(UIImage(data: bytes))
    let second = try #require(UIImage(systemName: "photo"))
    let animated = try #require(UIImage.animatedImage(with: [first, second], duration: 0.5))
    #expect(animated.images?.count == 2 && animated.duration == 0.5)
    #expect(animated.size == first.size)
    #expect(animated.contentImage === first.contentImage)
    #expect(UIImage.animatedImage(with: [], duration: 1) == nil)
    #expect(first.images == nil && first.duration == 0)
    let tinted = second.withTintColor(.systemBlue, renderingMode: .alwaysOriginal)
    #expect(tinted.renderingMode == .alwaysOriginal)
    let insets = UIEdgeInsets(top: 4, left: 4, bottom: 4, right: 4)
    #expect(first.resizableImage(withCapInsets: insets) === first)
    #expect(first.resizableImage(withCapInsets: insets, resizingMode: .stretch) === first)
  }
}
