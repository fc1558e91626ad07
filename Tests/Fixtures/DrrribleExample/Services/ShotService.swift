import Foundation
import ReactorFlow

protocol ShotServiceType: Sendable {
  func shots(paging: Paging) async throws -> List<Shot>
  func shot(id: Int) async throws -> Shot
  @MainActor func isLiked(shotID: Int) async -> Bool
  @MainActor func like(shotID: Int) async throws
  @MainActor func unlike(shotID: Int) async throws
}

final class ShotService: ShotServiceType {
  fileprivate let networking: DrrribleNetworking

  init(networking: DrrribleNetworking) {
    self.networking = networking
  }

  func shots(paging: Paging) async throws -> List<Shot> {
    let url: URL?
    switch paging {
    case .refresh: url = nil
    case .next(let next): url = next
    }
    return try await self.networking.shots(url: url)
  }

  func shot(id: Int) async throws -> Shot {
    return try await self.networking.shot(id: id)
  }

  @MainActor func isLiked(shotID: Int) async -> Bool {
    let isLiked: Bool
    do {
      try await self.networking.isLikedShot(id: shotID)
      isLiked = true
    } catch {
      isLiked = false
    }
    Shot.event.accept(.updateLiked(id: shotID, isLiked: isLiked))
    return isLiked
  }

  @MainActor func like(shotID: Int) async throws {
    Shot.event.accept(.updateLiked(id: shotID, isLiked: true))
    Shot.event.accept(.increaseLikeCount(id: shotID))
    do {
      try await self.networking.likeShot(id: shotID)
    } catch {
      Shot.event.accept(.updateLiked(id: shotID, isLiked: false))
      Shot.event.accept(.decreaseLikeCount(id: shotID))
      throw error
    }
  }

  @MainActor func unlike(shotID: Int) async throws {
    Shot.event.accept(.updateLiked(id: shotID, isLiked: false))
    Shot.event.accept(.decreaseLikeCount(id: shotID))
    do {
      try await self.networking.unlikeShot(id: shotID)
    } catch {
      Shot.event.accept(.updateLiked(id: shotID, isLiked: true))
      Shot.event.accept(.increaseLikeCount(id: shotID))
      throw error
    }
  }
}
