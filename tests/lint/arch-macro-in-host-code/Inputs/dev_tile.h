#pragma once
#define PROJECT_TILE 64
