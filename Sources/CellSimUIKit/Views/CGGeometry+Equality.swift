import Foundation

// Core Graphics' equality methods, which iOS code still calls (`size.equalTo(other)`): on
// Darwin the SDK's CoreGraphics overlay declares them; swift-corelibs-foundation's geometry
// types lack them, so they are declared only off Darwin.
#if !canImport(Darwin)
  extension CGPoint {
    /// `equalTo(_:)`: whether the two points are equal (`CGPointEqualToPoint`).
    public func equalTo(_ point2: CGPoint) -> Bool { self == point2 }
  }

  extension CGSize {
    /// `equalTo(_:)`: whether the two sizes are equal (`CGSizeEqualToSize`).
    public func equalTo(_ size2: CGSize) -> Bool { self == size2 }
  }

  extension CGRect {
    /// `equalTo(_:)`: whether the two rectangles are equal in size and position
    /// (`CGRectEqualToRect`): compared standardized, and two null rectangles are equal, as
    /// Core Graphics' functions standardize the rectangles they take.
    public func equalTo(_ rect2: CGRect) -> Bool { self == rect2 }
  }
#endif
