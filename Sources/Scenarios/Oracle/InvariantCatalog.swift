/// The invariants' ids, definitions and parameters, as docs/scenario-format.md gives them
/// (`cellsim invariants` prints these).
public enum InvariantCatalog {
  /// One invariant.
  public struct Entry: Sendable {
    /// The stable id.
    public let id: Scenario.InvariantID
    /// The definition.
    public let definition: String
    /// The parameters and their defaults.
    public let parameters: String
  }

  /// Every invariant, in id order.
  public static let entries: [Entry] = [
    Entry(
      id: .noCrossCellImage,
      definition:
        "At every frame commit, each displayed cell's image is nil, a placeholder or failure "
        + "image, a manual image (set by a set_image event), or an image decoded from the bytes "
        + "served for the URL its row has at that instant, at any size or crop. A failure "
        + "image counts only once a transfer of the row's URL has ended (not cancelled); a "
        + "progressive preview only if a transfer of the row's URL delivered its bytes; a "
        + "placeholder made for one request (placeholderImage(width:height:for:)) only at a row "
        + "with that request's URL, and only in a cell configured (cellForRow) no later than it "
        + "was made: one made before the cell's current cellForRow belongs to an earlier "
        + "request, even of the same URL (SDWebImage #3363). A shared placeholder is "
        + "legitimate anywhere. When the loader declared the variant a cell's request wants "
        + "(LoaderEnvironment.declareVariant(_:for:): a resize and processing keys), only that "
        + "variant of the URL's image counts: another is another request's (SDWebImage #3364). "
        + "A cell without a declaration accepts any variant.",
      parameters: "none"),
    Entry(
      id: .noCorruptImage,
      definition:
        "Every displayed image decoded from network bytes rendered, and was decoded from "
        + "exactly the bytes of one complete, successful transfer (whole bodies a flip_bytes "
        + "rule changed count: a loader cannot tell them from the served bytes), or is a "
        + "partial preview (a partial decode, marked in its provenance: Image(partialData:), "
        + "decodePartial, ImageIO's incremental source) of bytes a transfer delivered, whole or "
        + "as a chunk-boundary prefix, while the transfer runs or after. A full decode of a "
        + "prefix (Image(data:)) fails to render and is flagged; whose preview a cell shows is "
        + "no_cross_cell_image's concern.",
      parameters: "none"),
    Entry(
      id: .eventuallyLoaded,
      definition:
        "While the table is at rest, each displayed row whose URL is servable must, within "
        + "`within` of the later of (rest began, the row was displayed), show its image, have a "
        + "transfer of its URL outstanding, or show the failure image because the URL's most "
        + "recent transfer that ended other than cancelled failed; and it must show its image "
        + "within `within` of the end of any successful transfer of its URL; after any other "
        + "transfer of its URL ends (not cancelled) while it is displayed, it has `within` to "
        + "show its image or the failure image. At the end of the run the same holds whether "
        + "or not the table is at rest (a moving table counts from the row's display); a row "
        + "still within its `within` is not judged. A manual image (set_image) is a legitimate "
        + "final state.",
      parameters: "within (default 2s)"),
    Entry(
      id: .cancelOnEndDisplay,
      definition:
        "When a row ends display, or the table cancels its prefetch "
        + "(cancelPrefetchingForRowsAt), any transfer of its URL that no displayed row and no "
        + "prefetch-window row still needs is cancelled within `within` of that callback; and "
        + "any transfer of the URL queued after the row left, while no row needs it, is "
        + "cancelled within `within` of being queued. A loader that keeps a wider range on "
        + "purpose declares it (LoaderEnvironment.declarePreloadRange(rowsBefore:rowsAfter:)): "
        + "rows in it need their URLs too.",
      parameters: "within (default 0ms: before that main-thread turn ends)"),
    Entry(
      id: .boundedQueue,
      definition:
        "Outstanding transfers (waiting for a connection slot, plus active) plus the entries "
        + "waiting in the loader's platform request queues never exceed `max` while the table "
        + "is on screen (after `disappear` it is judged again when the table appears).",
      parameters: "max (default visible: displayed rows plus the prefetch window)"),
    Entry(
      id: .noDuplicateTransfers,
      definition: "At most one transfer per URL is outstanding at a time.",
      parameters: "none"),
    Entry(
      id: .cacheHitOnRevisit,
      definition:
        "When a row enters display and a MemoryCache of the loader holds a decoded image for "
        + "its URL, that image is committed in the first frame that shows the row, and no "
        + "transfer for the URL starts while a memory cache still holds it. Also, whatever the loader's cache design: a row that "
        + "enters display within `revisit` of the last frame that showed its URL's image, with "
        + "no memory warning since, shows its image in its first frame and starts no transfer "
        + "of the URL while it stays displayed. A cell that declared a variant "
        + "(declareVariant(_:for:)) counts only that variant as a hit. A memory warning "
        + "excuses the second rule when it came after the bytes of the image on screen "
        + "arrived: the last transfer that ended before the image view got the image.",
      parameters: "revisit (default 5s; none: only the memory-cache rule)"),
    Entry(
      id: .noDeliveryStall,
      definition:
        "A transfer that has completed on the wire has its completion callback run within "
        + "`within`.",
      parameters: "within (default 250ms)"),
    Entry(
      id: .frameBudget,
      definition:
        "The hitch ratio while scrolling (the table on screen) stays at or below "
        + "`max_hitch_ratio` ms/s (Instruments' scale: under 5 good, 5-10 warning, 10 or more "
        + "critical), counting a frame's lateness beyond the table's own cell work since the "
        + "previous frame (creating, configuring, displaying and laying out cells, as the "
        + "device profile prices them).",
      parameters: "max_hitch_ratio (default 5)"),
    Entry(
      id: .memoryBudget,
      definition: "Peak live decoded bytes stay at or below `max`.",
      parameters: "max (default: the device's memory budget)"),
    Entry(
      id: .latestPriorityWins,
      definition:
        "Whenever a scheduler starts a request (a host's connection slots, by "
        + "URLSessionTask.priority; an OperationQueue, by queuePriority; a RequestQueue, by "
        + "entry priority), no request it leaves waiting has a higher priority, where a "
        + "request's priority is the one set last on an outer layer for its key (a request "
        + "queue entry's key, an operation's name, a task's URL), else its own. Nuke #918: "
        + ".high then .low in quick succession, and the stale .high wins.",
      parameters: "none"),
    Entry(
      id: .progressIsolation,
      definition:
        "At every frame commit, a displayed cell's progress view, when it shows a value that "
        + "came from a request (ProgressView.setProgress(_:animated:) with a task's "
        + "RequestProgress), shows the progress of a transfer of the URL its row has at that "
        + "instant, and of one that has not ended cancelled: never another request's progress "
        + "(Kingfisher #581, AlamofireImage #232: a reused view keeps receiving the old "
        + "request's progress). Hidden progress views and plain values (progress = 0 on "
        + "reuse) are not judged.",
      parameters: "none"),
    Entry(
      id: .deadlock,
      definition:
        "Simulated threads running blocking code never wait for each other for ever. The run "
        + "ends with this violation, naming each thread and what it waits for, the moment a "
        + "cycle closes (threads each waiting for a lock, a serial queue's turn or the main "
        + "queue that another of them holds; a sync onto the serial queue the code runs on, "
        + "and a second lock of a non-recursive lock by its owner, are cycles of one), or when "
        + "every blocking thread has waited on a lock, semaphore, condition, group or queue "
        + "for 500 ms of virtual time with nothing scheduled that could wake one. Threads "
        + "waiting on I/O (a fetch, a sleep) are never deadlocked.",
      parameters: "none"),
    Entry(
      id: .manualImageKept,
      definition:
        "Once the app has set a cell's image itself (a set_image event, or a loader's own "
        + "manual image, LoaderEnvironment.manualImage), no other image replaces it until the "
        + "loader is asked for that cell again (cellForRow, which a reload or a new row brings) "
        + "or its row's URL changes (set_url). A stale block the app's cancel did not stop — a "
        + "transition's completion, a queued main-queue block, a local-file load with no task "
        + "to cancel — that sets the row's own image over the app's is the bug. A manual image "
        + "set by a set_image event is protected from that instant; one a loader sets itself, "
        + "from the first frame that shows it.",
      parameters: "none"),
    Entry(
      id: .oneTerminalCallback,
      definition:
        "Every request a loader declares (LoaderEnvironment.declareRequest(for:), ended with "
        + "DeclaredRequest.ended(_:) where the loader calls its completion) ends exactly once. "
        + "A second end is a violation when it happens (SDWebImage #3834: a completion called "
        + "again with a cancellation right after its success); at the end of the run, a "
        + "request that started at least `within` before and never ended, with no transfer of "
        + "its URL outstanding, is one too (a completion dropped on cancel, as SDWebImage "
        + "#1034 reported). Loaders that declare nothing are never judged by it.",
      parameters: "within (default 2s)"),
    Entry(
      id: .noLeakedImages,
      definition:
        "Not in the standard set: name it. At the end of the run, every decoded content image "
        + "still alive is attributed to its holders: a memory cache of the loader's (which "
        + "keeps itself within its limits), or the image view of a cell the table holds "
        + "(displayed, prepared, or in the reuse pool). Images held by nothing the platform "
        + "knows — the loader's own structures, such as a late result kept on a node or model "
        + "object for a row long gone — may number at most `max` (`visible`: the displayed "
        + "rows plus the prefetch window, room for results still in flight). More is a leak "
        + "that grows with the rows passed, whatever the memory budget says.",
      parameters: "max (default visible)"),
    Entry(
      id: .noWastedWork,
      definition:
        "Not in the standard set: name it. A disk read (DiskCache) or a decode (the decoder "
        + "service, or an encoded image decoded on a thread) is wasted when it starts for a URL "
        + "that a row wanted and let go (it ended display, or the table cancelled its "
        + "prefetch), while no row of the preload range needs the URL (the displayed rows, the "
        + "prefetch window, a loader-declared preload range, as cancel_on_end_display reads "
        + "it). The URL is the disk key for a read; for a decode of exactly the bytes a read "
        + "returned or a data task's completion handler got, on the same execution or the one "
        + "that dispatched the decode's block, that read's key or that task's URL; otherwise the URLs served with the bytes' "
        + "content digest, and bytes a needed row's URL also serves are never wasted. Work "
        + "that started while its URL was wanted never counts. Over the run, wasted work may "
        + "number at most max (visible: the displayed rows plus the prefetch window, room for "
        + "a step handed its input just before its row left) and, with max_bytes, move at most "
        + "that many bytes (disk bytes read plus full-size decoded pixel bytes). The metrics "
        + "wasted_work and wasted_work_bytes report the same count and bytes for every run. A "
        + "disk query and decode queued per row that never checks for cancellation, as "
        + "SDWebImage before PR #468, breaks it on a fast fling over a disk-cached list.",
      parameters: "max (default visible), max_bytes (default none)"),
  ]
}
