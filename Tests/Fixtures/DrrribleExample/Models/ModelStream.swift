import ReactorFlow

@MainActor private var streams: [String: Any] = [:]

extension ModelType {
  @MainActor static var event: PublishRelay<Event> {
    let key = String(describing: self)
    if let stream = streams[key] as? PublishRelay<Event> {
      return stream
    }
    let stream = PublishRelay<Event>()
    streams[key] = stream
    return stream
  }
}
