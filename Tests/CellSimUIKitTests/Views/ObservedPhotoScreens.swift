import CellSimUIKit

/// A row's photo as an iOS 26 app models it: the loader fills `image`, and the cell shows
/// whatever its configuration update reads, with no call to the cell.
@Observable final class ObservedPhoto {
  let url: URL
  var image: UIImage?
  var isLoading = false
  init(url: URL) { self.url = url }
}

/// A cell that shows its photo's image from `updateConfiguration(using:)`, relying on UIKit's
/// automatic observation tracking to run it again when the image arrives.
final class ObservedPhotoCell: UITableViewCell {
  var photo: ObservedPhoto? {
    didSet { setNeedsUpdateConfiguration() }
  }

  override func updateConfiguration(using state: UICellConfigurationState) {
    var content = defaultContentConfiguration().updated(for: state)
    content.image = photo?.image ?? UIImage(systemName: "photo")
    contentConfiguration = content
  }
}

/// A table whose loads write to the models only (`Task` per photo, `URLSession`'s async API).
final class ObservedPhotosViewController: UITableViewController {
  var photos: [ObservedPhoto] = []

  override func viewDidLoad() {
    super.viewDidLoad()
    tableView.register(ObservedPhotoCell.self, forCellReuseIdentifier: "photo")
  }

  override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    photos.count
  }

  override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath)
    -> UITableViewCell
  {
    let cell =
      tableView.dequeueReusableCell(withIdentifier: "photo", for: indexPath) as! ObservedPhotoCell
    let photo = photos[indexPath.row]
    cell.photo = photo
    load(photo)
    return cell
  }

  func load(_ photo: ObservedPhoto) {
    guard photo.image == nil, !photo.isLoading else { return }
    photo.isLoading = true
    Task { @MainActor in
      defer { photo.isLoading = false }
      guard let (data, _) = try? await URLSession.shared.data(from: photo.url) else { return }
      photo.image = UIImage(data: data)
    }
  }
}
