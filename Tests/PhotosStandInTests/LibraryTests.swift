import CellSimUIKit
import Photos
import Testing

@Suite("The simulated photo library: assets, caching and authorization")
struct LibraryTests {
  static let thumbnail = CGSize(width: 160, height: 160)

  @Test("a fetch returns one asset per URL, in order, with its PNG's size and a date by place")
  func fetchOrder() throws {
    var identifiers: [String] = []
    var widths: [Int] = []
    var descending: [String] = []
    var limited = 0
    var recents = 0
    try simulateLibrary(photos: 5, for: 1) {
      let result = PHAsset.fetchAssets(with: .image, options: nil)
      result.enumerateObjects { asset, index, _ in
        identifiers.append(asset.localIdentifier)
        widths.append(asset.pixelWidth)
        #expect(asset.mediaType == .image)
        if index > 0 {
          #expect(asset.creationDate! > result.object(at: index - 1).creationDate!)
        }
      }
      let options = PHFetchOptions()
      options.sortDescriptors = [NSSortDescriptor(key: "creationDate", ascending: false)]
      options.predicate = NSPredicate(format: "mediaType = %d", PHAssetMediaType.image.rawValue)
      #expect(options.predicate?.formatText == "mediaType = %d")
      #expect(options.sortDescriptors?.first?.key == "creationDate")
      descending = (0..<5).map { PHAsset.fetchAssets(with: options)[$0].localIdentifier }
      options.fetchLimit = 2
      limited = PHAsset.fetchAssets(with: options).count
      let albums = PHAssetCollection.fetchAssetCollections(
        with: .smartAlbum, subtype: .smartAlbumUserLibrary, options: nil)
      recents = albums.firstObject.map { PHAsset.fetchAssets(in: $0, options: nil).count } ?? -1
      #expect(PHAsset.fetchAssets(with: .video, options: nil).count == 0)
    }
    #expect(identifiers.count == 5)
    #expect(Set(identifiers).count == 5)
    #expect(widths == [640, 256, 640, 256, 640])
    #expect(descending == identifiers.reversed())
    #expect(limited == 2)
    #expect(recents == 5)
  }

  @Test("a preheated asset is served from the caching manager: one call, no second read")
  func cachingServesFromCache() throws {
    let deliveries = Deliveries()
    let trace = try simulateLibrary {
      let manager = PHCachingImageManager()
      let asset = PHAsset.fetchAssets(with: nil).object(at: 0)
      manager.startCachingImages(
        for: [asset], targetSize: Self.thumbnail, contentMode: .aspectFill, options: nil)
      DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(500)) {
        deliveries.log.add("request")
        manager.requestImage(
          for: asset, targetSize: Self.thumbnail, contentMode: .aspectFill, options: nil,
          resultHandler: deliveries.record("cached"))
      }
    }
    #expect(deliveries.calls.count == 1, "\(deliveries.log.lines)")
    #expect(deliveries.calls.first?.degraded == false)
    #expect(deliveries.calls.first?.image?.size == CGSize(width: 240, height: 160))
    #expect(traceLines(trace, "net.queue").count == 1)
    #expect(traceLines(trace, "photos.cache").count == 1)
    #expect(traceLines(trace, "photos.deliver").first?.contains("from=cache") == true, "\(trace)")
  }

  @Test("another size, another manager or a stopped cache reads the asset again")
  func cacheKeys() throws {
    let other = Deliveries()
    let stopped = Deliveries()
    let trace = try simulateLibrary {
      let manager = PHCachingImageManager()
      let asset = PHAsset.fetchAssets(with: nil).object(at: 0)
      manager.startCachingImages(
        for: [asset], targetSize: Self.thumbnail, contentMode: .aspectFill, options: nil)
      DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(500)) {
        PHCachingImageManager().requestImage(
          for: asset, targetSize: Self.thumbnail, contentMode: .aspectFill, options: nil,
          resultHandler: other.record("other manager"))
        manager.stopCachingImagesForAllAssets()
        manager.requestImage(
          for: asset, targetSize: Self.thumbnail, contentMode: .aspectFill, options: nil,
          resultHandler: stopped.record("stopped"))
      }
    }
    #expect(other.calls.count == 2 && stopped.calls.count == 2)
    #expect(other.calls.first?.degraded == true)
    // The preheat's read, then one read both requests share.
    #expect(traceLines(trace, "net.queue").count == 2)
    #expect(traceLines(trace, "photos.uncache").count == 1)
  }

  @Test("without high-quality caching the cached image comes first, degraded, then the full one")
  func lowQualityCache() throws {
    let deliveries = Deliveries()
    let trace = try simulateLibrary {
      let manager = PHCachingImageManager()
      manager.allowsCachingHighQualityImages = false
      let asset = PHAsset.fetchAssets(with: nil).object(at: 0)
      manager.startCachingImages(
        for: [asset], targetSize: Self.thumbnail, contentMode: .aspectFill, options: nil)
      DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(500)) {
        manager.requestImage(
          for: asset, targetSize: Self.thumbnail, contentMode: .aspectFill, options: nil,
          resultHandler: deliveries.record("photo"))
      }
    }
    #expect(deliveries.calls.map(\.degraded) == [true, false], "\(deliveries.log.lines)")
    #expect(deliveries.log.lines.first?.hasSuffix("@500") == true, "\(deliveries.log.lines)")
    #expect(traceLines(trace, "net.queue").count == 2)
  }

  @Test("authorized by default; the handler runs on a worker, not main; a test sets the status")
  func authorization() throws {
    let log = PhotoLog()
    var statuses: [PHAuthorizationStatus] = []
    try simulateLibrary(for: 100) {
      statuses.append(PHPhotoLibrary.authorizationStatus(for: .readWrite))
      PHPhotoLibrary.requestAuthorization(for: .readWrite) { status in
        log.add("granted \(status.rawValue)")
      }
      log.add("asked")
      #expect(PHAsset.fetchAssets(with: nil).count == 4)
      PHPhotoLibrary.setSimulatedAuthorizationStatus(.denied)
      statuses.append(PHPhotoLibrary.authorizationStatus())
      #expect(PHAsset.fetchAssets(with: nil).count == 0)
      #expect(PHAsset.fetchAssets(with: .image, options: nil).count == 0)
      PHPhotoLibrary.requestAuthorization { status in log.add("refused \(status.rawValue)") }
      PHPhotoLibrary.setSimulatedAuthorizationStatus(.notDetermined)
      PHPhotoLibrary.requestAuthorization(for: .readWrite) { status in
        log.add("decided \(status.rawValue)")
      }
      statuses.append(PHPhotoLibrary.authorizationStatus(for: .readWrite))
    }
    #expect(statuses == [.authorized, .denied, .authorized])
    // The handlers run on Photos' serial queue (a worker: not the main thread, not the caller
    // on the driving thread), in the order asked, each with the status decided when asked.
    let answers = log.lines.filter { !$0.hasPrefix("asked") }
    #expect(log.lines.count == 4, "\(log.lines)")
    #expect(
      answers.map { $0.split(separator: " ").prefix(2).joined(separator: " ") }
        == ["granted 3", "refused 2", "decided 3"])
    #expect(answers.allSatisfy { $0.contains(" on w") }, "\(log.lines)")
  }

  @Test("PHImageManager.default() and PHPhotoLibrary.shared() are one object per world")
  func perWorldObjects() throws {
    var managers: [ObjectIdentifier] = []
    var libraries: [ObjectIdentifier] = []
    for _ in 0..<2 {
      try simulateLibrary(for: 1) {
        #expect(PHImageManager.default() === PHImageManager.default())
        #expect(PHPhotoLibrary.shared() === PHPhotoLibrary.shared())
        managers.append(ObjectIdentifier(PHImageManager.default()))
        libraries.append(ObjectIdentifier(PHPhotoLibrary.shared()))
        // Keep both alive across the two worlds, so identities cannot be reused.
        Self.kept.append(PHImageManager.default())
        Self.kept.append(PHPhotoLibrary.shared())
      }
    }
    #expect(managers[0] != managers[1])
    #expect(libraries[0] != libraries[1])
  }

  nonisolated(unsafe) static var kept: [AnyObject] = []

  @Test("a saved photo is traced, not added; the completion runs on a worker, and fails if denied")
  func saveChanges() throws {
    let log = PhotoLog()
    var counts: [Int] = []
    let trace = try simulateLibrary(photos: 2, for: 100) {
      let image = UIImage(data: Data(PhotoFixtures.square))!
      PHPhotoLibrary.shared().performChanges({
        let request = PHAssetChangeRequest.creationRequestForAsset(from: image)
        log.add("placeholder \(request.placeholderForCreatedAsset != nil)")
      }) { success, error in
        log.add("saved \(success) \(error == nil)")
        counts.append(PHAsset.fetchAssets(with: nil).count)
      }
      let first = PHAsset.fetchAssets(with: nil).object(at: 0)
      PHPhotoLibrary.setSimulatedAuthorizationStatus(.denied)
      PHPhotoLibrary.shared().performChanges({
        PHAssetChangeRequest.deleteAssets([first])
      }) { success, error in
        log.add("denied \(success) \((error as NSError?)?.code ?? 0)")
      }
    }
    let words = log.lines.map { $0.split(separator: " ").prefix(3).joined(separator: " ") }
    #expect(
      words == ["placeholder true on", "saved true true", "denied false 3311"], "\(log.lines)")
    #expect(log.lines.allSatisfy { $0.contains(" on w") }, "\(log.lines)")
    #expect(counts == [2])
    #expect(traceLines(trace, "photos.change").count == 2)
    #expect(trace.contains("kind=create detail=256x256"), "\(trace)")
  }
}
