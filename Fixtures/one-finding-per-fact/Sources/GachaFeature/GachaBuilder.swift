public final class GachaBuilder {}
