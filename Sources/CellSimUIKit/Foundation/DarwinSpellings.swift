import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// Names Darwin's SDK gives iOS code and Linux's lacks: on Darwin they come from Foundation and
// the C library, so they are declared only where those do not declare them.
#if !canImport(Darwin)
  /// `UINT64_MAX`, which Darwin imports from `<stdint.h>` and Glibc's macro form does not give
  /// Swift: `UInt64.max`.
  // swift-format-ignore: AlwaysUseLowerCamelCase
  public let UINT64_MAX: UInt64 = .max
  /// `INT64_MAX`: `Int64.max`, as for `UINT64_MAX`.
  // swift-format-ignore: AlwaysUseLowerCamelCase
  public let INT64_MAX: Int64 = .max

  /// `NSInteger`, Objective-C's word-sized integer, which Darwin's Foundation gives Swift as
  /// `Int` and Linux's does not declare.
  public typealias NSInteger = Int
  /// `NSUInteger`: `UInt`, as for `NSInteger`.
  public typealias NSUInteger = UInt

  extension NSData.WritingOptions {
    /// `atomicWrite`, the older name of `.atomic` (deprecated on Darwin, missing on Linux).
    public static let atomicWrite: NSData.WritingOptions = .atomic
  }

  /// `NSURLSessionDownloadTaskResumeData`: the key of the resume data in the user info of a
  /// cancelled download's error (`URLSession+Download.swift`).
  // swift-format-ignore: AlwaysUseLowerCamelCase
  public let NSURLSessionDownloadTaskResumeData = "NSURLSessionDownloadTaskResumeData"

  extension URLError {
    /// `downloadTaskResumeData`: the resume data the error carries, if the download can resume.
    public var downloadTaskResumeData: Data? {
      userInfo[NSURLSessionDownloadTaskResumeData] as? Data
    }
  }
#endif

// Initializers Darwin's Foundation inherits from `NSObject.init()` and swift-corelibs-foundation
// does not declare: code (test doubles above all) writes them with no arguments. An extension
// cannot declare `init()` itself (it would override `NSObject`'s), so each takes one unnamed
// argument with a default, which a call with no arguments reaches.
#if !canImport(Darwin)
  extension URLResponse {
    /// `URLResponse()`, a response with no MIME type, an unknown length (-1) and no text
    /// encoding. Darwin's has no URL; Linux's must have one, so it is `about:blank`.
    public convenience init(_: Void = ()) {
      self.init(
        url: URL(string: "about:blank")!, mimeType: nil, expectedContentLength: -1,
        textEncodingName: nil)
    }
  }

  extension NSAttributedString {
    /// `NSAttributedString()`: the empty attributed string (`NSMutableAttributedString()`
    /// inherits it: an empty one to append to).
    public convenience init(_: Void = ()) { self.init(string: "") }
  }

  extension NSMutableString {
    /// `NSMutableString()`: an empty string to append to.
    public convenience init(_: Void = ()) { self.init(string: "") }

    /// `appendFormat(_:_:)`: appends the string `format` makes of `args`, as
    /// `String(format:arguments:)` makes it.
    public func appendFormat(_ format: NSString, _ args: any CVarArg...) {
      append(String(format: format as String, arguments: args))
    }
  }
#endif
