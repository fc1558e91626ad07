import ReactorFlow

protocol UserServiceType: Sendable {
  var currentUser: BehaviorRelay<User?> { get }

  func fetchMe() async throws
}

final class UserService: UserServiceType {
  fileprivate let networking: DrrribleNetworking

  init(networking: DrrribleNetworking) {
    self.networking = networking
  }

  let currentUser = BehaviorRelay<User?>(value: nil)

  func fetchMe() async throws {
    let user = try await self.networking.me()
    self.currentUser.accept(user)
  }
}
