// Written as iOS code: a fade committed in a transaction, the image set in its completion.
import CellSimUIKit
import Testing

@Suite("CATransaction's completion block runs when its animations would end")
struct CATransactionTests {
  @Test("after the longest animation added inside; at once without one; nested ones count")
  func completionTiming() throws {
    let log = Log()
    try simulate {
      DispatchQueue.main.async {
        MainActor.assumeIsolated {
          let imageView = UIImageView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
          CATransaction.begin()
          CATransaction.setAnimationDuration(0.4)
          CATransaction.setCompletionBlock { log.add("fade done") }
          let fade = CATransition()
          fade.type = .fade
          imageView.layer.add(fade, forKey: kCATransition)  // the transaction's 0.4 s
          CATransaction.begin()
          let pulse = CABasicAnimation(keyPath: "opacity")
          pulse.duration = 0.25
          pulse.repeatCount = 2
          imageView.layer.add(pulse, forKey: "pulse")  // 0.5 s, counted by the outer one too
          CATransaction.setCompletionBlock { log.add("pulse done") }
          CATransaction.commit()
          #expect(CATransaction.animationDuration() == 0.4)
          CATransaction.commit()
          #expect(CATransaction.animationDuration() == 0.25)
          CATransaction.begin()
          CATransaction.setDisableActions(true)
          #expect(CATransaction.disableActions())
          CATransaction.setCompletionBlock { log.add("no animation") }
          CATransaction.commit()
          CATransaction.begin()
          let spinner = CABasicAnimation(keyPath: "transform.rotation")
          spinner.repeatCount = .infinity
          imageView.layer.add(spinner, forKey: "spin")
          CATransaction.setCompletionBlock { log.add("never") }
          CATransaction.commit()
        }
      }
    }
    #expect(log.lines == ["no animation @0", "pulse done @500", "fade done @500"])
  }
}
