// Written as iOS code, with only the layer imported: the app and scene delegates Xcode's
// templates generate (without `@main`, which a test target cannot link: it has its own entry).
import CellSimUIKit
import Testing

/// An app delegate from before scenes, which keeps its own window.
final class WindowedAppDelegate: UIResponder, UIApplicationDelegate {
  var window: UIWindow?
}

final class TemplateAppDelegate: UIResponder, UIApplicationDelegate {
  func application(
    _ application: UIApplication,
    didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
  ) -> Bool { true }

  func application(
    _ application: UIApplication,
    configurationForConnecting connectingSceneSession: UISceneSession,
    options: UIScene.ConnectionOptions
  ) -> UISceneConfiguration {
    UISceneConfiguration(name: "Default Configuration", sessionRole: connectingSceneSession.role)
  }
}

final class TemplateSceneDelegate: UIResponder, UIWindowSceneDelegate {
  var window: UIWindow?

  func scene(
    _ scene: UIScene, willConnectTo session: UISceneSession,
    options connectionOptions: UIScene.ConnectionOptions
  ) {
    guard let windowScene = (scene as? UIWindowScene) else { return }
    window = UIWindow(windowScene: windowScene)
    window?.rootViewController = UINavigationController(rootViewController: UIViewController())
    window?.makeKeyAndVisible()
  }
}

@Suite("The app shell compiles; the layer launches no app")
@MainActor
struct AppShellTests {
  @Test("delegates compile with UIKit's defaults; a window shows its root's view")
  func shell() {
    let app = TemplateAppDelegate()
    let session = UISceneSession(role: .windowApplication)
    let configuration = app.application(
      UIApplication.shared, configurationForConnecting: session,
      options: UIScene.ConnectionOptions())
    #expect(
      configuration.name == "Default Configuration" && configuration.role == .windowApplication)
    #expect(UIApplication.shared.connectedScenes.isEmpty)
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    let root = UIViewController()
    window.rootViewController = root
    window.makeKeyAndVisible()
    #expect(window.isKeyWindow && root.view.superview === window)
    let scene = UIWindowScene(session: session, connectionOptions: UIScene.ConnectionOptions())
    let sceneDelegate = TemplateSceneDelegate()
    sceneDelegate.scene(scene, willConnectTo: session, options: UIScene.ConnectionOptions())
    #expect(
      sceneDelegate.window?.windowScene === scene && sceneDelegate.window?.isKeyWindow == true)
    #expect(scene.activationState == .unattached)
  }

  @Test("a delegate's window reads through the protocol as UIKit's optional requirement does")
  func delegateWindow() {
    let template: any UIApplicationDelegate = TemplateAppDelegate()
    // No `window` property: the optional requirement is not implemented.
    #expect(template.window == nil)
    let windowed = WindowedAppDelegate()
    let delegate: any UIApplicationDelegate = windowed
    let declared: UIWindow?? = delegate.window
    #expect(declared != nil)
    #expect(declared! == nil)
    windowed.window = UIWindow(frame: .zero)
    windowed.window?.rootViewController = UIViewController()
    #expect(delegate.window??.rootViewController === windowed.window?.rootViewController)
  }

  @Test("UIApplication.shared.delegate is nil until set and keeps the app's delegate per world")
  func applicationDelegate() throws {
    let app = TemplateAppDelegate()
    var seen: [Bool] = []
    try simulate {
      seen.append(UIApplication.shared.delegate == nil)
      UIApplication.shared.delegate = app
      seen.append(UIApplication.shared.delegate as? TemplateAppDelegate === app)
    }
    try simulate { seen.append(UIApplication.shared.delegate == nil) }
    #expect(seen == [true, true, true])
  }

  @Test("a scene delegate sizes its window by windowScene.coordinateSpace: the screen's bounds")
  func sceneCoordinateSpace() throws {
    var bounds: [CGRect] = []
    var converted = CGPoint.zero
    try simulate {
      let scene = UIWindowScene(
        session: UISceneSession(role: .windowApplication),
        connectionOptions: UIScene.ConnectionOptions())
      let window = UIWindow(frame: scene.coordinateSpace.bounds)
      bounds = [window.frame, UIScreen.main.bounds, UIScreen.main.fixedCoordinateSpace.bounds]
      converted = scene.coordinateSpace.convert(
        CGPoint(x: 3, y: 4), to: UIScreen.main.fixedCoordinateSpace)
    }
    #expect(bounds.count == 3 && bounds.allSatisfy { $0 == bounds[1] && $0.width > 0 })
    #expect(converted == CGPoint(x: 3, y: 4))
  }

  @Test(
    "a UIView is a UICoordinateSpace: converting to the screen's space goes through its superviews")
  func viewCoordinateSpace() throws {
    var results: [CGPoint] = []
    var rect = CGRect.zero
    var bounds = CGRect.zero
    try simulate {
      let root = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 640))
      let container = UIView(frame: CGRect(x: 10, y: 20, width: 200, height: 200))
      let child = UIView(frame: CGRect(x: 5, y: 7, width: 50, height: 60))
      root.addSubview(container)
      container.addSubview(child)
      let screen = UIScreen.main.coordinateSpace
      let space: any UICoordinateSpace = child
      bounds = space.bounds
      results = [
        child.convert(CGPoint(x: 1, y: 1), to: screen),
        child.convert(CGPoint(x: 16, y: 28), from: screen),
        // The view forms still resolve for a view argument and for nil.
        child.convert(CGPoint(x: 1, y: 1), to: container),
        child.convert(CGPoint(x: 1, y: 1), to: nil),
        space.convert(CGPoint(x: 0, y: 0), to: root as any UICoordinateSpace),
      ]
      rect = child.convert(CGRect(x: 0, y: 0, width: 4, height: 4), to: screen)
    }
    #expect(bounds == CGRect(x: 0, y: 0, width: 50, height: 60))
    #expect(
      results == [
        CGPoint(x: 16, y: 28), CGPoint(x: 1, y: 1), CGPoint(x: 6, y: 8), CGPoint(x: 16, y: 28),
        CGPoint(x: 15, y: 27),
      ])
    #expect(rect == CGRect(x: 15, y: 27, width: 4, height: 4))
  }
}
