/// The reactor's own stream where a `transform` hook received it (``Effect`` `.upstream`): how to
/// connect an inlet of the stream's element type.
///
/// The effect that holds it has that element type, and so has the outlet of the walk that
/// reaches it — whatever the stages around it (`map`, `debounce`…) make of the elements later —
/// so the inlet is connected as it is, with no cast.
@usableFromInline
struct EffectUpstream<Element> {
  /// Connects `inlet`: each element of the stream goes into it from then on, in order, with the
  /// number of the run it is an output of (see ``EffectRunner/Emission``).
  let connect: @MainActor (_ inlet: @escaping @MainActor (Element, _ run: Int?) -> Void) -> Void
}
