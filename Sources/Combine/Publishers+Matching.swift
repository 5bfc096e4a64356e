// Operators that answer a question about the values (contains, allSatisfy), and print.

extension Publishers {
  /// Sends `true` and finishes at the first value a predicate accepts; sends `false` when the
  /// upstream finishes without one.
  public struct ContainsWhere<Upstream: Publisher>: Publisher {
    public typealias Output = Bool
    public typealias Failure = Upstream.Failure
    public let upstream: Upstream
    public let predicate: (Upstream.Output) -> Bool

    public init(upstream: Upstream, predicate: @escaping (Upstream.Output) -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let predicate = predicate
      upstream.subscribe(
        Relay(
          "ContainsWhere", to: subscriber, upstreamDemand: { _ in .unlimited },
          onCompletion: { completion in
            if case .finished = completion { return (false, .finished) }
            return (nil, completion)
          }
        ) { predicate($0) ? .emitAndFinish(true) : .absorb })
    }
  }

  /// Sends `true` and finishes at the first value equal to `output`; `false` if none comes.
  public struct Contains<Upstream: Publisher>: Publisher where Upstream.Output: Equatable {
    public typealias Output = Bool
    public typealias Failure = Upstream.Failure
    public let upstream: Upstream
    public let output: Upstream.Output

    public init(upstream: Upstream, output: Upstream.Output) {
      self.upstream = upstream
      self.output = output
    }

    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let output = output
      ContainsWhere(upstream: upstream) { $0 == output }.receive(subscriber: subscriber)
    }
  }

  /// Sends `false` and finishes at the first value a predicate rejects; `true` when the upstream
  /// finishes with every value accepted.
  public struct AllSatisfy<Upstream: Publisher>: Publisher {
    public typealias Output = Bool
    public typealias Failure = Upstream.Failure
    public let upstream: Upstream
    public let predicate: (Upstream.Output) -> Bool

    public init(upstream: Upstream, predicate: @escaping (Upstream.Output) -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let predicate = predicate
      upstream.subscribe(
        Relay(
          "AllSatisfy", to: subscriber, upstreamDemand: { _ in .unlimited },
          onCompletion: { completion in
            if case .finished = completion { return (true, .finished) }
            return (nil, completion)
          }
        ) { predicate($0) ? .absorb : .emitAndFinish(false) })
    }
  }

  /// Passes everything on unchanged and writes a line for each event (the subscription,
  /// requests, values, the completion, a cancel), after `prefix` and a colon when there is one,
  /// to `stream` or, without one, to standard output.
  public struct Print<Upstream: Publisher>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure
    public let prefix: String
    public let upstream: Upstream
    public let stream: (any TextOutputStream)?

    public init(upstream: Upstream, prefix: String, to stream: (any TextOutputStream)? = nil) {
      self.upstream = upstream
      self.prefix = prefix
      self.stream = stream
    }

    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let lead = prefix.isEmpty ? "" : "\(prefix): "
      var stream = stream
      let write = { (line: String) in
        if stream != nil {
          stream!.write(lead + line + "\n")
        } else {
          Swift.print(lead + line)
        }
      }
      let hooks = RelayHooks(
        subscription: { write("receive subscription: (\($0))") },
        cancel: { write("receive cancel") },
        request: { demand in
          write(demand == .unlimited ? "request unlimited" : "request max: (\(demand.max ?? 0))")
        })
      upstream.subscribe(
        Relay(
          "Print", to: subscriber, hooks: hooks,
          onCompletion: { completion in
            switch completion {
            case .finished: write("receive finished")
            case .failure(let error): write("receive error: (\(error))")
            }
            return (nil, completion)
          }
        ) { value in
          write("receive value: (\(value))")
          return .emit(value)
        })
    }
  }
}

extension Publisher {
  /// Whether a value the predicate accepts comes (`true` at once), or not (`false` at the end).
  public func contains(where predicate: @escaping (Output) -> Bool)
    -> Publishers.ContainsWhere<Self>
  {
    Publishers.ContainsWhere(upstream: self, predicate: predicate)
  }

  /// Whether every value satisfies the predicate (`false` at the first that does not).
  public func allSatisfy(_ predicate: @escaping (Output) -> Bool) -> Publishers.AllSatisfy<Self> {
    Publishers.AllSatisfy(upstream: self, predicate: predicate)
  }

  /// Writes a line for each event to `stream` (standard output without one).
  public func print(_ prefix: String = "", to stream: (any TextOutputStream)? = nil)
    -> Publishers.Print<Self>
  {
    Publishers.Print(upstream: self, prefix: prefix, to: stream)
  }
}

extension Publisher where Output: Equatable {
  /// Whether a value equal to `output` comes.
  public func contains(_ output: Output) -> Publishers.Contains<Self> {
    Publishers.Contains(upstream: self, output: output)
  }
}
