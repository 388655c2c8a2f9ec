import DesignSystem
import GachaFeature

public final class HomeBuilder {}
