// Written as iOS code of the Swift 4 era, in the Swift 4 language mode: this file imports only
// the layer (and Testing), and the simulator for the world an image renderer draws in.
import CellSimUIKit
import SimPlatform
import Testing

/// A cell as a Swift 4 photo tutorial writes it, with the names UIKit had before Swift 4.2.
final class Swift4PhotoCell: UITableViewCell {
  let photo = UIImageView()
  let spinner = UIActivityIndicatorView(activityIndicatorStyle: .gray)

  override init(style: UITableViewCellStyle, reuseIdentifier: String?) {
    super.init(style: style, reuseIdentifier: reuseIdentifier)
    photo.contentMode = UIViewContentMode.scaleAspectFill
    selectionStyle = UITableViewCellSelectionStyle.none
    contentView.addSubview(photo)
    contentView.addSubview(spinner)
    contentView.bringSubview(toFront: spinner)
  }

  required init?(coder aDecoder: NSCoder) { fatalError("init(coder:) has not been implemented") }
}

@Suite("UIKit's Swift 4 names, in the Swift 4 language mode")
@MainActor struct Swift4NamesTests {
  @Test("the old type names, constants and functions mean what their new spellings mean")
  func oldNames() {
    let cell = Swift4PhotoCell(style: .default, reuseIdentifier: "photo")
    #expect(cell.photo.contentMode == .scaleAspectFill)
    #expect(cell.selectionStyle == .none)
    #expect(cell.contentView.subviews.last === cell.spinner)
    cell.spinner.activityIndicatorViewStyle = .whiteLarge
    #expect(cell.spinner.style == .whiteLarge)
    #expect(UITableViewAutomaticDimension == UITableView.automaticDimension)
    #expect(UICollectionElementKindSectionHeader == UICollectionView.elementKindSectionHeader)
    #expect(UICollectionElementKindSectionFooter == UICollectionView.elementKindSectionFooter)
    #expect(UIEdgeInsetsMake(1, 2, 3, 4) == UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
    let state: UIControlState = .highlighted
    #expect(state == UIControl.State.highlighted)
    let position = UICollectionViewScrollPosition()
    #expect(position == UICollectionView.ScrollPosition())
    let alignment: UIControlContentHorizontalAlignment = .left
    #expect(alignment == UIControl.ContentHorizontalAlignment.left)
    #expect(NSUnderlineStyle.styleSingle.rawValue == NSUnderlineStyle.single.rawValue)
    #expect(NSNotification.Name.UIKeyboardWillShow == UIResponder.keyboardWillShowNotification)
    #expect(UIKeyboardFrameEndUserInfoKey == UIResponder.keyboardFrameEndUserInfoKey)
    #expect(
      NSNotification.Name.UIApplicationDidReceiveMemoryWarning
        == UIApplication.didReceiveMemoryWarningNotification)
  }

  @Test("a child controller is added and removed with the old spellings")
  func childControllers() {
    let parent = UIViewController()
    let child = UIViewController()
    parent.addChildViewController(child)
    #expect(parent.childViewControllers == [child])
    child.removeFromParentViewController()
    #expect(parent.childViewControllers.isEmpty)
  }

  @Test("an image's PNG data through the old function is its pngData()")
  func imageRepresentations() throws {
    let world = World(seed: 1)
    defer { world.tearDown() }
    try LayerHost.withWorld(world) {
      let image = UIGraphicsImageRenderer(size: CGSize(width: 2, height: 2)).image { _ in }
      #expect(UIImagePNGRepresentation(image) != nil)
      #expect(UIImagePNGRepresentation(image) == image.pngData())
      #expect(UIImageJPEGRepresentation(image, 0.8) == image.jpegData(compressionQuality: 0.8))
    }
  }
}
