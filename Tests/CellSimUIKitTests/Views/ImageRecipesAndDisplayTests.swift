// Written as iOS code, with only the layer imported: the Core Image recipes, ImageIO property
// reads, layer display and layout spellings that animated-image libraries and tutorial screens
// use around their images.
import CellSimUIKit
import Testing

/// A filter subclass as tutorials write one: made with `init()`, its output built from other
/// filters' recipes.
final class SoftFocusFilter: CIFilter {
  var inputImage: CIImage?

  override var outputImage: CIImage? {
    guard let inputImage else { return nil }
    let blurred = inputImage.clampedToExtent().applyingGaussianBlur(sigma: 4)
    let mask = CIVector(x: 0, y: 0.5 * inputImage.extent.height)
    let parameters: [String: Any] = [
      kCIInputImageKey: blurred, kCIInputBackgroundImageKey: inputImage,
      "inputPoint0": mask, "inputColor0": CIColor(red: 0, green: 1, blue: 0, alpha: 1),
    ]
    return CIFilter(name: "CIBlendWithMask", parameters: parameters)?.outputImage
  }

  convenience init?(image: UIImage) {
    guard let backing = image.ciImage ?? CIImage(image: image) else { return nil }
    self.init()
    inputImage = backing
  }
}

/// A view that shows its frame when its layer displays, as animated-image views do.
final class FrameView: UIImageView {
  var displays: [Int64] = []
  override func display(_ layer: CALayer) { displays.append(virtualMilliseconds()) }
}

@MainActor
@Suite("Core Image recipes, ImageIO properties, layer display and layout spellings")
struct ImageRecipesAndDisplayTests {
  @Test("a filter made with init() builds its output from other filters' recipes")
  func filterRecipes() throws {
    let image = try #require(UIImage(data: Data(try photoBytes())))
    let filter = try #require(SoftFocusFilter(image: image))
    let output = try #require(filter.outputImage)
    #expect(output.extent == CIImage(image: image)!.extent)
    let named = try #require(
      CIFilter(name: "CISepiaTone", parameters: [kCIInputIntensityKey: 0.8]))
    #expect(named.value(forKey: kCIInputIntensityKey) as? Double == 0.8)
    #expect(named.outputImage == nil)
    let vector = CIVector(cgRect: CGRect(x: 1, y: 2, width: 3, height: 4))
    #expect(vector.count == 4 && vector.z == 3 && vector.value(at: 9) == 0)
    #expect(CIVector(x: 5, y: 6).cgPoint == CGPoint(x: 5, y: 6))
    let color = CIColor(color: .red)
    #expect(color.red == 1 && color.alpha == 1 && CIColor.clear.alpha == 0)
  }

  @Test("ImageIO reads a source's type and size with NSDictionary options and CF values")
  func imageProperties() throws {
    let bytes = try photoBytes()
    let source = try #require(CGImageSourceCreateWithData(Data(bytes) as CFData, nil))
    #expect(CGImageSourceGetType(source) == "public.png")
    let options: [CFString: Any] = [
      kCGImageSourceShouldCache: kCFBooleanFalse as Any, kCGImageSourceSubsampleFactor: 2,
    ]
    let properties =
      CGImageSourceCopyPropertiesAtIndex(source, 0, options as NSDictionary)
      as? [String: CFNumber]
    let width = try #require(properties?[kCGImagePropertyPixelWidth as String])
    #expect(Int(truncating: width) > 0)
    let all = CGImageSourceCopyPropertiesAtIndex(source, 0, nil)
    #expect(all?[kCGImagePropertyGIFDictionary] == nil)
    #expect(CGImageSourceGetType(CGImageSourceCreateIncremental(nil)) == nil)
    let container = CGImageSourceCopyProperties(source, nil)
    #expect(container?[kCGImagePropertyFileSize] as? Int == bytes.count)
  }

  @Test("a layer marked for display displays once, in the next frame, through its view")
  func layerDisplay() throws {
    let view = Box<FrameView?>(nil)
    try simulate(for: 200) {
      DispatchQueue.main.async {
        let frames = FrameView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        view.value = frames
        frames.layer.setNeedsDisplay()
        frames.layer.setNeedsDisplay()
        #expect(frames.layer.needsDisplay())
        DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(50)) {
          #expect(!frames.layer.needsDisplay())
          frames.layer.setNeedsDisplay(frames.bounds)
        }
      }
    }
    let displays = try #require(view.value?.displays)
    #expect(displays.count == 2, "\(displays)")
    #expect(displays.first.map { $0 > 0 && $0 < 20 } == true, "\(displays)")
    let free = FrameView()
    free.layer.setNeedsDisplay()
    #expect(free.displays.isEmpty)
    free.layer.displayIfNeeded()
    #expect(free.displays.count == 1 && !free.layer.needsDisplay())
  }

  @Test("section backgrounds, list headers and pattern colours compile and keep their values")
  func layoutSpellings() {
    let item = NSCollectionLayoutItem(
      layoutSize: NSCollectionLayoutSize(
        widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)))
    let section = NSCollectionLayoutSection(
      group: .vertical(layoutSize: item.layoutSize, subitems: [item]))
    let background = NSCollectionLayoutDecorationItem.background(elementKind: "background")
    background.zIndex = -1
    section.decorationItems = [background]
    #expect(section.decorationItems.first?.elementKind == "background")
    let layout = UICollectionViewCompositionalLayout(section: section)
    layout.register(UICollectionReusableView.self, forDecorationViewOfKind: "background")
    var header = UIListContentConfiguration.plainHeader()
    header.text = "Photos"
    #expect(header.text == "Photos")
    _ = UIListContentConfiguration.groupedHeader()
    _ = UIListContentConfiguration.sidebarCell()
    let tile = UIColor(patternImage: UIImage(systemName: "square")!)
    #expect(tile.alpha == 1)
  }

  @Test("a display link compiles and keeps its settings; its times follow the virtual display")
  func displayLink() throws {
    let times = Box<[Double]>([])
    try simulate(for: 100) {
      DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(30)) {
        let link = CADisplayLink(target: NSObject(), selector: "step")
        link.add(to: .main, forMode: .common)
        link.preferredFrameRateRange = CAFrameRateRange(minimum: 30, maximum: 60, preferred: 60)
        link.isPaused = false
        times.value = [link.timestamp, CACurrentMediaTime(), link.targetTimestamp, link.duration]
        link.invalidate()
      }
    }
    let (timestamp, now, target, duration) = (
      times.value[0], times.value[1], times.value[2], times.value[3]
    )
    #expect(timestamp <= now && now < target, "\(times.value)")
    #expect(abs(target - timestamp - duration) < 1e-9 && duration > 0 && duration <= 1.0 / 60)
    #expect(UIScreen.main.displayLink(withTarget: NSObject(), selector: "step")?.isPaused == false)
  }
}
