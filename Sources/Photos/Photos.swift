/// PhotoKit's photo-grid API (`import Photos`) over the layer, on Linux, so that a screen that
/// shows the user's photo library compiles unchanged against `CellSimUIKit` and runs in a
/// CellSim world.
///
/// A file writes `import Photos` beside its import block, as it does on a device:
///
/// ```swift
/// #if canImport(UIKit)
///   import UIKit
/// #else
///   import CellSimUIKit
/// #endif
/// import Photos
/// ```
///
/// On Linux that import finds this module. It is built on the layer (its images are the
/// layer's `UIImage`s, its work runs on the layer's queues and the world's network), so the
/// layer cannot re-export it. On macOS `import Photos` is Apple's, which hands out `NSImage`s:
/// a screen written with PhotoKit runs through the layer on Linux only.
///
/// ## The library is the scenario's rows
///
/// A run's photo library holds one image asset per URL a test hands it with
/// `PHPhotoLibrary.fillSimulatedLibrary(with:)` (a simulation-only entry point, in the
/// world the call runs in), in that order: `PHAsset.fetchAssets(with:)` returns them in item
/// order, so the item a grid shows at index `i` is the scenario's row `i`. Asset `i` was
/// created `i` minutes after the first, so a fetch sorted by ascending `creationDate` keeps
/// that order (a descending sort reverses it, as on a device).
///
/// ## Reading an asset
///
/// An asset's bytes are read from the world's fake network at its URL (think of it as the
/// library reading the photo from disk or iCloud), so the scenario's `network` script
/// (latency, failures, outages) applies to it, and are decoded and resized on a worker of
/// Photos' own concurrent queue at the device's costs, with the layer's priced paths
/// (`UIImage(data:)`, `preparingThumbnail(of:)`): a delivered image keeps the provenance of the
/// bytes, and the oracle recognises it as it recognises any downloaded image
/// (`PHImageManager`).
///
/// Every request, delivery, cancel and caching call is traced (`photos.request`,
/// `photos.deliver`, `photos.cancel`, `photos.cache`, `photos.uncache`), as are the library's
/// filling (`photos.library`), authorization requests (`photos.authorization`) and change
/// requests (`photos.change`: saving a photo is recorded, never applied), in the world's one
/// order.
public import CellSimUIKit

/// `PHImageRequestID`: a request's number, for `cancelImageRequest(_:)`. Distinct and
/// increasing in each world, from 1.
public typealias PHImageRequestID = Int32

/// `PHInvalidImageRequestID`: 0, which no request is given.
// swift-format-ignore: AlwaysUseLowerCamelCase
public let PHInvalidImageRequestID: PHImageRequestID = 0

/// `PHImageManagerMaximumSize`: the target size that asks for the full-size image (no
/// resizing; use it with `PHImageContentMode.default`).
// swift-format-ignore: AlwaysUseLowerCamelCase
public let PHImageManagerMaximumSize = CGSize(width: -1, height: -1)

/// `PHImageResultIsInCloudKey`: whether the asset's data must be downloaded first. Always
/// false here: the library reads every asset through the network, whatever
/// `isNetworkAccessAllowed` says.
// swift-format-ignore: AlwaysUseLowerCamelCase
public let PHImageResultIsInCloudKey = "PHImageResultIsInCloudKey"
/// `PHImageResultIsDegradedKey`: true when the image is a temporary low-quality one, which a
/// full-quality result follows unless the request is cancelled first.
// swift-format-ignore: AlwaysUseLowerCamelCase
public let PHImageResultIsDegradedKey = "PHImageResultIsDegradedKey"
/// `PHImageResultRequestIDKey`: the request's `PHImageRequestID`.
// swift-format-ignore: AlwaysUseLowerCamelCase
public let PHImageResultRequestIDKey = "PHImageResultRequestIDKey"
/// `PHImageCancelledKey`: declared; a cancelled request here is never called back at all (its
/// handler "may not be called at all", Apple's header says), so no info carries it.
// swift-format-ignore: AlwaysUseLowerCamelCase
public let PHImageCancelledKey = "PHImageCancelledKey"
/// `PHImageErrorKey`: the error a failed read ended with (a `URLError` of the transfer, or a
/// Cocoa error for bytes that do not decode).
// swift-format-ignore: AlwaysUseLowerCamelCase
public let PHImageErrorKey = "PHImageErrorKey"
/// `PHImageResultIsPlaceholderKey` (iOS 17): never set here.
// swift-format-ignore: AlwaysUseLowerCamelCase
public let PHImageResultIsPlaceholderKey = "PHImageResultIsPlaceholderKey"
