import DesignSystem

struct HomeView {}
