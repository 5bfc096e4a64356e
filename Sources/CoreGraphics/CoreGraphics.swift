// `import CoreGraphics` in a file written for iOS, left outside the file's `#if canImport(UIKit)`
// block: on Linux it finds this module, which brings the layer, where the names that file uses
// from CoreGraphics are declared (see the UIKit guide, "Frameworks beside UIKit").
@_exported import CellSimUIKit
