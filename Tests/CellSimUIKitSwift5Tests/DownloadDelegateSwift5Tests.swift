// Swift 5 language mode: a progress-reporting image download, as a cell with a progress bar
// writes it (an NSObject delegate of its own session, on the main queue).
import CellSimUIKit
import Testing

final class ProgressImageDownloader: NSObject, URLSessionDownloadDelegate {
  var progress: [Float] = []
  var bytes = -1
  var finished = false
  private var session: URLSession!

  func start(_ url: URL) {
    session = URLSession(configuration: .default, delegate: self, delegateQueue: .main)
    session.downloadTask(with: url).resume()
  }

  func urlSession(
    _ session: URLSession, downloadTask: URLSessionDownloadTask, didWriteData bytesWritten: Int64,
    totalBytesWritten: Int64, totalBytesExpectedToWrite: Int64
  ) {
    progress.append(Float(totalBytesWritten) / Float(totalBytesExpectedToWrite))
  }

  func urlSession(
    _ session: URLSession, downloadTask: URLSessionDownloadTask,
    didFinishDownloadingTo location: URL
  ) {
    bytes = (try? Data(contentsOf: location))?.count ?? -1
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
    finished = error == nil
  }
}

@Suite("URLSessionDownloadDelegate in Swift 5 mode")
struct DownloadDelegateSwift5Tests {
  @Test("a downloader hears its progress, reads its file and completes")
  func progressDownload() throws {
    let downloader = ProgressImageDownloader()
    let url = URL(string: "https://img.test/photo.png")!
    try simulate(serving: [url.absoluteString: Array(repeating: 3, count: 100_000)]) {
      DispatchQueue.main.async { downloader.start(url) }
    }
    #expect(downloader.progress.count > 1 && downloader.progress.last == 1)
    #expect(downloader.bytes == 100_000 && downloader.finished)
  }
}
