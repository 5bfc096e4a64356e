// Written as iOS code: presentation, the application object, the screen and constraints.
import CellSimUIKit
import Testing

@Suite("Presentation, UIApplication.shared, UIScreen and constraints are recorded")
struct PresentationAndLayoutTests {
  @Test("present records the alert and completes on the next main-thread turn")
  func presentAlert() throws {
    let log = Log()
    try simulate {
      DispatchQueue.main.async {
        let controller = UIViewController()
        let alert = UIAlertController(title: "Oops!", message: "Failed", preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "OK", style: .default))
        controller.present(alert, animated: true) {
          log.add("presented \(controller.presentedViewController === alert)")
        }
        controller.present(UIViewController(), animated: false)
        log.add("now \(alert.presentingViewController === controller) \(alert.actions.count)")
        alert.dismiss(animated: true) {
          log.add("dismissed \(controller.presentedViewController == nil)")
        }
      }
    }
    #expect(log.lines == ["now true 1 @0", "presented false @0", "dismissed true @0"])
  }

  @Test("UIApplication.shared keeps the activity indicator per world; UIScreen is the device's")
  func applicationAndScreen() throws {
    let log = Log()
    for _ in 0..<2 {
      try simulate {
        DispatchQueue.main.async {
          let app = UIApplication.shared
          log.add("indicator \(app.isNetworkActivityIndicatorVisible)")
          app.isNetworkActivityIndicatorVisible = true
          let screen = UIScreen.main
          let view = UIView()
          log.add(
            "scale \(screen.scale == view.traitCollection.displayScale) "
              + "native \(screen.nativeBounds.width == screen.bounds.width * screen.scale)")
        }
      }
    }
    #expect(
      log.lines == [
        "indicator false @0", "scale true native true @0",
        "indicator false @0", "scale true native true @0",
      ])
  }

  @Test("anchors make constraints that activate onto their first view, unsolved")
  @MainActor func constraints() {
    let cell = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 50))
    let imageView = UIImageView()
    imageView.translatesAutoresizingMaskIntoConstraints = false
    cell.addSubview(imageView)
    let width = imageView.widthAnchor.constraint(equalToConstant: 40)
    NSLayoutConstraint.activate([
      imageView.leadingAnchor.constraint(equalTo: cell.leadingAnchor, constant: 8),
      imageView.centerYAnchor.constraint(equalTo: cell.safeAreaLayoutGuide.centerYAnchor),
      width,
    ])
    #expect(imageView.constraints.count == 3)
    #expect(width.firstAttribute == .width && width.secondItem == nil && width.constant == 40)
    #expect(imageView.frame == .zero)
    width.isActive = false
    #expect(imageView.constraints.count == 2)
  }

  @Test("OS_dispatch_queue_serial(label:) is a serial queue; NSEC_PER_MSEC scales deadlines")
  func dispatchSpellings() throws {
    let log = Log()
    try simulate {
      let queue = OS_dispatch_queue_serial(label: "serial")
      let deadline = DispatchTime.now().uptimeNanoseconds + 200 * NSEC_PER_MSEC
      queue.asyncAfter(deadline: DispatchTime(uptimeNanoseconds: deadline)) {
        log.add("late")
      }
      queue.async { log.add("first") }
      #expect(NSEC_PER_SEC == 1_000 * NSEC_PER_MSEC)
    }
    #expect(log.lines == ["first @0", "late @200"])
  }
}
