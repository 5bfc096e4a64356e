import Foundation

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

  extension NSData.WritingOptions {
    /// `atomicWrite`, the older name of `.atomic` (deprecated on Darwin, missing on Linux).
    public static let atomicWrite: NSData.WritingOptions = .atomic
  }
#endif
