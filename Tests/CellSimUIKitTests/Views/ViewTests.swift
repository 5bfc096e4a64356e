// Written as iOS code: the views are used only through the layer.
import CellSimUIKit
import TestSupport
import Testing

/// The bytes of a photo fixture.
func photoBytes() throws -> Data {
  let folder = Repository.fixtures.appendingPathComponent("photos")
  let name = try #require(
    try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().first {
      $0.hasSuffix(".png")
    })
  return try Data(contentsOf: folder.appendingPathComponent(name))
}

@Suite("UIImage, UIView and its kin, in virtual time")
struct ViewTests {
  @Test("UIImage(data:) reads PNG headers only; named and system images are distinct")
  func images() throws {
    let bytes = try photoBytes()
    #expect(UIImage(data: Data([1, 2, 3])) == nil)
    let image = try #require(UIImage(data: bytes))
    #expect(image.size.width > 0 && image.size.height > 0)
    #expect(image.scale == 1)
    let retina = try #require(UIImage(data: bytes, scale: 2))
    #expect(retina.size.width * 2 == image.size.width)
    let named = try #require(UIImage(named: "placeholder"))
    let symbol = try #require(UIImage(systemName: "photo"))
    #expect(named.size == CGSize(width: 40, height: 40))
    try simulate {
      let world = SimulationContext.world(for: "test")
      #expect(named.simImage(in: world) === named.simImage(in: world))
      #expect(named.simImage(in: world) !== symbol.simImage(in: world))
      #expect(named.simImage(in: world).kind == .placeholder)
      #expect(UIImage(systemName: "exclamationmark.triangle")!.simImage(in: world).kind == .failure)
      #expect(UIImage(named: "LoadError")!.simImage(in: world).kind == .failure)
      #expect(image.simImage(in: world).provenance != nil)
    }
  }

  @Test("preparingForDisplay decodes on the calling worker, at the device's decode cost")
  func preparingForDisplay() throws {
    let bytes = try photoBytes()
    let log = Log()
    let outcome = try simulate {
      DispatchQueue.global().async {
        let image = UIImage(data: bytes)!
        log.add("decoded \(image.contentImage!.isDecoded)")
        let prepared = image.preparingForDisplay()!
        log.add("decoded \(prepared.contentImage!.isDecoded)")
        let thumbnail = image.preparingThumbnail(of: CGSize(width: 64, height: 64))!
        log.add("thumbnail \(max(thumbnail.size.width, thumbnail.size.height))")
      }
    }
    #expect(log.lines.count == 3)
    #expect(log.lines.first == "decoded false @0")
    // The decode took virtual time on the worker.
    #expect(log.lines[1].hasPrefix("decoded true @") && !log.lines[1].hasSuffix("@0"))
    #expect(log.lines[2].hasPrefix("thumbnail 64.0 @"))
    #expect(outcome.trace.contains("thread=w1"))
  }

  @Test("the hierarchy: addSubview moves a view, removeFromSuperview detaches it")
  @MainActor func hierarchy() {
    let a = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 50))
    let b = UIView()
    let child = UIImageView(image: nil)
    a.addSubview(child)
    #expect(child.superview === a && a.subviews.count == 1)
    b.addSubview(child)
    #expect(child.superview === b && a.subviews.isEmpty)
    child.tag = 9
    #expect(b.viewWithTag(9) === child)
    child.removeFromSuperview()
    #expect(child.superview == nil && b.subviews.isEmpty)
    #expect(a.bounds.size == CGSize(width: 100, height: 50))
    a.tintColor = .red
    a.addSubview(child)
    #expect(child.tintColor == .red)
  }

  @Test("an activity indicator hides itself when stopped; a progress view pins its value")
  @MainActor func indicators() {
    let spinner = UIActivityIndicatorView(style: .medium)
    #expect(spinner.isHidden && !spinner.isAnimating)
    spinner.startAnimating()
    #expect(!spinner.isHidden && spinner.isAnimating)
    spinner.stopAnimating()
    #expect(spinner.isHidden)
    spinner.hidesWhenStopped = false
    #expect(!spinner.isHidden)
    let bar = UIProgressView(progressViewStyle: .default)
    bar.setProgress(1.5, animated: true)
    #expect(bar.progress == 1)
    bar.progress = -1
    #expect(bar.progress == 0)
  }

  @Test("animation completions run on the main thread when the animation ends, in virtual time")
  func animationCompletions() throws {
    let log = Log()
    try simulate {
      DispatchQueue.main.async {
        let view = UIView()
        UIView.animate(
          withDuration: 0.3, animations: { view.alpha = 0 },
          completion: { finished in log.add("animate \(finished) \(Thread.isMainThread)") })
        UIView.animate(
          withDuration: 0.1, delay: 0.2, options: [.curveEaseIn], animations: {},
          completion: { _ in log.add("delayed") })
        UIView.transition(
          with: view, duration: 0.05, options: .transitionCrossDissolve, animations: nil,
          completion: { _ in log.add("transition") })
        log.add("alpha \(view.alpha)")
      }
    }
    #expect(
      log.lines == ["alpha 0.0 @0", "transition @50", "animate true true @300", "delayed @300"])
  }

  @Test("a renderer redraw decodes and resamples on the calling worker, keeping the provenance")
  func rendererRedraw() throws {
    let bytes = try photoBytes()
    let log = Log()
    try simulate {
      DispatchQueue.global().async {
        let image = UIImage(data: bytes)!
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let renderer = UIGraphicsImageRenderer(size: CGSize(width: 40, height: 30), format: format)
        let redrawn = renderer.image { _ in
          image.draw(in: CGRect(x: 0, y: 0, width: 40, height: 30))
        }
        let source = image.contentImage!.provenance!.source
        let result = redrawn.contentImage!
        log.add(
          "\(redrawn.cgImage!.width)x\(redrawn.cgImage!.height) decoded \(result.isDecoded) "
            + "same source \(result.provenance?.source == source) "
            + "transforms \(result.provenance?.transforms.count ?? 0)")
        let empty = renderer.image { context in
          context.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        }
        log.add("empty \(empty.contentImage!.kind)")
        let again = UIImage(cgImage: image.cgImage!)
        log.add("cgImage round trip \(again.contentImage === image.contentImage)")
      }
    }
    #expect(log.lines.count == 3)
    #expect(log.lines[0].hasPrefix("40x30 decoded true same source true transforms 1 @"))
    #expect(!log.lines[0].hasSuffix("@0"))
    #expect(log.lines[1].hasPrefix("empty placeholder"))
    #expect(log.lines[2].hasPrefix("cgImage round trip true"))
  }

  @Test("ImageIO downsampling decodes a thumbnail on the calling worker, with the provenance")
  func imageIODownsample() throws {
    let bytes = try photoBytes()
    let log = Log()
    try simulate {
      DispatchQueue.global().async {
        let options = [kCGImageSourceShouldCache: false] as CFDictionary
        let source = CGImageSourceCreateWithData(bytes as CFData, options)!
        let thumbnailOptions =
          [
            kCGImageSourceCreateThumbnailFromImageAlways: true,
            kCGImageSourceThumbnailMaxPixelSize: CGFloat(64),
          ] as CFDictionary
        let thumbnail = CGImageSourceCreateThumbnailAtIndex(source, 0, thumbnailOptions)!
        let image = UIImage(cgImage: thumbnail)
        let digest = UIImage(data: bytes)!.contentImage!.provenance!.source
        log.add(
          "\(max(thumbnail.width, thumbnail.height)) \(image.contentImage!.isDecoded) "
            + "\(image.contentImage!.provenance!.source == digest)")
        log.add("bad \(CGImageSourceCreateWithData(Data([1, 2]) as CFData, nil) == nil)")
      }
    }
    #expect(log.lines.count == 2)
    #expect(log.lines[0].hasPrefix("64 true true @") && !log.lines[0].hasSuffix("@0"))
    #expect(log.lines[1].hasPrefix("bad true"))
  }
}
