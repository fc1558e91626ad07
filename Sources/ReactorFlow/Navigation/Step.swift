/// A navigation intent: "the user needs the sign-in screen", "the movie 42 was picked".
///
/// Declare steps as an enum: `enum AppStep: Step { case splashIsRequired, … }`. Steps cross
/// tasks, so they are `Sendable`.
public protocol Step: Sendable {}
