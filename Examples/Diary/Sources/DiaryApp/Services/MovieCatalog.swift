/// A movie of the wishlist tab (the movie list), kept in memory.
struct Movie: Equatable, Sendable, Codable {
  let id: Int
  let title: String
  let year: Int
  var isWatched: Bool
}

/// The movies of the wishlist tab and whether each was watched.
@MainActor
final class MovieCatalog {
  /// How many times the catalog was asked (a replayed session asks nothing).
  private(set) var calls = 0

  private var movies: [Movie] = [
    Movie(id: 1, title: "Spirited Away", year: 2001, isWatched: false),
    Movie(id: 2, title: "Parasite", year: 2019, isWatched: false),
    Movie(id: 3, title: "Your Name", year: 2016, isWatched: true),
  ]

  /// Every movie, in the wishlist's order.
  func allMovies() -> [Movie] {
    calls += 1
    return movies
  }

  func toggleWatched(id: Int) -> Movie? {
    calls += 1
    guard let index = movies.firstIndex(where: { $0.id == id }) else { return nil }
    movies[index].isWatched.toggle()
    return movies[index]
  }
}
